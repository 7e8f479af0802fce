import { FlaskConical, LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * The sign-in window's promise about the password. On the sandbox nothing goes to LinkedIn, so
 * saying the password "goes straight to LinkedIn" would be false: it says it is a sandbox instead.
 * Until the service has said which it is (`undefined`), it says neither.
 */
export function SignInFooter({ sandbox }: { sandbox: boolean | undefined }) {
  const { t } = useTranslation('connect');
  if (sandbox === undefined) return null;
  if (sandbox) {
    return (
      <footer className="flex justify-center px-4 pb-6" data-testid="sign-in-footer" data-sandbox="true">
        <p className="flex max-w-[520px] items-start gap-2 rounded-xl bg-amber-50 px-4 py-3 text-xs leading-5 font-medium text-amber-900 ring-1 ring-amber-200">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          {t('screen.sandboxFooter')}
        </p>
      </footer>
    );
  }
  return (
    <footer
      className="flex items-center justify-center gap-2 px-4 pb-6 text-xs text-slate-600"
      data-testid="sign-in-footer"
    >
      <LockKeyhole aria-hidden="true" className="size-3.5" />
      {t('screen.footer')}
    </footer>
  );
}

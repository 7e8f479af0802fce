import { Check, Eye, ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** What the connection reads (spec section 1). */
const ACCESS_ITEMS = ['profile', 'profileInfo', 'picture', 'banner', 'connections', 'posts'] as const;

/** The privacy promise and the list of what is accessed (spec section 1). */
export function AccessNotice() {
  const { t } = useTranslation('connect');
  return (
    <section aria-labelledby="connect-access-title" className="space-y-4 rounded-2xl bg-slate-50 p-5 text-sm">
      <p className="flex gap-2.5 font-medium text-slate-800" data-testid="privacy-promise">
        <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
        {t('page.promise')}
      </p>
      <div className="flex gap-2.5 text-slate-600">
        <Eye aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
        <div className="min-w-0 flex-1">
          <h2 id="connect-access-title" className="font-medium text-slate-700">
            {t('page.accessIntro')}
          </h2>
          <ul className="mt-2 grid gap-x-6 gap-y-1.5 sm:grid-cols-2" data-testid="access-list">
            {ACCESS_ITEMS.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
                {t(`page.access.${item}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

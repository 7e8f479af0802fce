import { Eye, EyeOff, LockKeyhole } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { type AccountStep, useConnectAccount, useSandboxSignIn } from '../../lib/api/linkedin';
import { errorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { ButtonSpinner } from './button-spinner';
import { inputClass, primaryButtonClass } from './styles';

/**
 * The network sign-in form (spec sections 2 and 5): email or phone and password, both required.
 * The password goes to the server once; it is cleared from the form when the answer arrives and
 * is never written anywhere.
 */
export function LoginStep({ onAnswer }: { onAnswer: (answer: AccountStep) => void }) {
  const { t } = useTranslation('connect');
  const connect = useConnectAccount();
  // On the sandbox the password goes nowhere: the note must not say it is passed to LinkedIn
  // (and says nothing until the service has said which it is).
  const sandbox = useSandboxSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const schema = useMemo(
    () =>
      z.object({
        username: z.string().trim().min(1, t('login.usernameRequired')),
        password: z.string().min(1, t('login.passwordRequired')),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    resetField,
    setFocus,
    formState: { errors },
  } = useSchemaForm(schema, {
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(({ username, password }) => {
    connect.mutate(
      { username: username.trim(), password },
      {
        onSuccess: onAnswer,
        onError: (error) => {
          toast.error(errorText(error));
          setFocus('password');
        },
        onSettled: () => {
          // Neither the form nor the mutation keeps the password after the request.
          resetField('password');
          connect.reset();
        },
      },
    );
  });

  const busy = connect.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-busy={busy} data-testid="login-form">
      <div>
        <label htmlFor="linkedin-username" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('login.username')}
        </label>
        <input
          id="linkedin-username"
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          required
          disabled={busy}
          {...fieldProblemProps('linkedin-username-error', errors.username)}
          className={`${inputClass(Boolean(errors.username))} text-start`}
          {...register('username')}
        />
        <FieldProblem id="linkedin-username-error" problem={errors.username?.message} />
      </div>
      <div>
        <label htmlFor="linkedin-password" className="mb-1.5 block text-sm font-medium text-slate-800">
          {t('login.password')}
        </label>
        <div className="relative">
          <input
            id="linkedin-password"
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            dir="ltr"
            required
            disabled={busy}
            {...fieldProblemProps('linkedin-password-error', errors.password)}
            className={`${inputClass(Boolean(errors.password))} pe-20 text-start`}
            {...register('password')}
          />
          <button
            type="button"
            onClick={() => setShowPassword((value) => !value)}
            aria-pressed={showPassword}
            aria-controls="linkedin-password"
            className="absolute end-2 top-1/2 flex -translate-y-1/2 items-center gap-1 rounded-lg px-2 py-1.5 text-sm font-semibold text-slate-600 hover:bg-slate-100"
          >
            {showPassword ? (
              <EyeOff aria-hidden="true" className="size-4" />
            ) : (
              <Eye aria-hidden="true" className="size-4" />
            )}
            {showPassword ? t('login.hide') : t('login.show')}
          </button>
        </div>
        <FieldProblem id="linkedin-password-error" problem={errors.password?.message} />
      </div>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy && <ButtonSpinner />}
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
      {sandbox !== undefined && (
        <p className="flex items-start gap-2 text-xs leading-5 text-slate-500">
          <LockKeyhole aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {sandbox ? t('login.sandboxNote') : t('login.passwordNote')}
        </p>
      )}
    </form>
  );
}

import { CHECKPOINT_CODE_LENGTH, type Checkpoint } from '@nashr/contracts';
import { KeyRound, RotateCw } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { type AccountStep, mustStartOver, useResendCode, useSolveChallenge } from '../../lib/api/linkedin';
import { errorText } from '../../lib/error-text';
import { useSchemaForm } from '../../lib/use-schema-form';
import { FieldProblem, fieldProblemProps } from '../../ui/field-problem';
import { ButtonSpinner } from './button-spinner';
import { inputClass, linkButtonClass, primaryButtonClass } from './styles';

interface CodeStepProps {
  accountId: string;
  checkpoint: Checkpoint;
  onAnswer: (answer: AccountStep) => void;
  onStartOver: () => void;
}

/**
 * A 2FA or OTP checkpoint (spec sections 2 and 5): 2FA takes exactly 6 digits; OTP takes at most
 * 6 characters. A refused code shows the server's message under the field and may be tried again.
 */
export function CodeStep({ accountId, checkpoint, onAnswer, onStartOver }: CodeStepProps) {
  const { t } = useTranslation('connect');
  const solve = useSolveChallenge();
  const resend = useResendCode();
  const numeric = checkpoint.type === '2FA';
  const schema = useMemo(
    () =>
      z.object({
        code: numeric
          ? z
              .string()
              .trim()
              .min(1, t('code.required'))
              .regex(/^\d+$/, t('code.digitsOnly'))
              .length(CHECKPOINT_CODE_LENGTH, t('code.sixDigits'))
          : z.string().trim().min(1, t('code.required')).max(CHECKPOINT_CODE_LENGTH, t('code.tooLong')),
      }),
    [numeric, t],
  );
  const {
    register,
    handleSubmit,
    resetField,
    setError,
    setFocus,
    formState: { errors },
  } = useSchemaForm(schema, {
    defaultValues: { code: '' },
  });

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(({ code }) => {
    solve.mutate(
      { accountId, code: code.trim() },
      {
        onSuccess: onAnswer,
        onError: (error) => {
          if (mustStartOver(error)) {
            toast.error(errorText(error));
            onStartOver();
            return;
          }
          // Said under the field it is about, where a toast would cover the window's heading.
          resetField('code');
          setError('code', { type: 'server', message: errorText(error) }, { shouldFocus: true });
        },
      },
    );
  });

  const onResend = () =>
    resend.mutate(accountId, {
      onSuccess: () => toast.success(t('code.resent')),
      onError: (error) => toast.error(errorText(error)),
    });

  const busy = solve.isPending;
  const intro =
    checkpoint.type === 'OTP'
      ? t('code.otpIntro')
      : checkpoint.source === 'APP'
        ? t('code.appIntro')
        : t('code.smsIntro');

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-5"
      aria-busy={busy}
      data-testid={`checkpoint-${checkpoint.type}`}
    >
      <p className="flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-700">
        <KeyRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        {intro}
      </p>
      <div>
        <label htmlFor="linkedin-code" className="mb-1.5 block text-sm font-medium text-slate-800">
          {numeric ? t('code.label2fa') : t('code.labelOtp')}
        </label>
        <input
          id="linkedin-code"
          type="text"
          inputMode={numeric ? 'numeric' : 'text'}
          pattern={numeric ? '[0-9]*' : undefined}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={CHECKPOINT_CODE_LENGTH}
          placeholder={numeric ? t('code.placeholder2fa') : t('code.placeholderOtp')}
          dir="ltr"
          required
          disabled={busy}
          {...fieldProblemProps('linkedin-code-error', errors.code)}
          className={`${inputClass(Boolean(errors.code))} text-center font-mono text-xl tracking-[0.4em] placeholder:font-sans placeholder:text-base placeholder:tracking-normal`}
          {...register('code', {
            // Pasted codes often carry spaces; a 2FA code is digits only.
            setValueAs: (value: string) => (numeric ? value.replace(/\s/g, '') : value),
          })}
        />
        <FieldProblem id="linkedin-code-error" problem={errors.code?.message} />
      </div>
      <button type="submit" disabled={busy} className={primaryButtonClass}>
        {busy && <ButtonSpinner />}
        {busy ? t('code.submitting') : t('code.submit')}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <button type="button" onClick={onResend} disabled={resend.isPending || busy} className={linkButtonClass}>
          {resend.isPending ? <ButtonSpinner tone="dark" /> : <RotateCw aria-hidden="true" className="size-4" />}
          {t('code.resend')}
        </button>
        <button type="button" onClick={onStartOver} disabled={busy} className={linkButtonClass}>
          {t('startOver')}
        </button>
      </div>
    </form>
  );
}

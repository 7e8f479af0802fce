import type { Checkpoint, LinkedinAccountInfo } from '@nashr/contracts';
import { CircleAlert } from 'lucide-react';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { AccountStep } from '../../lib/api/linkedin';
import { CaptchaStep } from './captcha-step';
import { CodeStep } from './code-step';
import { InAppStep } from './in-app-step';
import { LoginStep } from './login-step';
import { secondaryButtonClass } from './styles';

type Step =
  | { kind: 'login' }
  | { kind: 'checkpoint'; accountId: string; checkpoint: Checkpoint; serial: number }
  | { kind: 'connected' };

/** A connected answer always names its account; should it not, the id alone still identifies it. */
function accountOf(answer: AccountStep): LinkedinAccountInfo {
  const { account, account_id } = answer.data;
  return (
    account ?? {
      accountID: account_id,
      id: account_id,
      status: 'connected',
      provider: '',
      connectedAt: new Date().toISOString(),
      disconnectReason: null,
    }
  );
}

/**
 * The network sign-in flow (spec section 4): the login step leads to a checkpoint by its type;
 * each checkpoint may lead to another one or to success.
 */
export function SignInFlow({ onConnected }: { onConnected: (account: LinkedinAccountInfo) => void }) {
  const { t } = useTranslation('connect');
  const [step, setStep] = useState<Step>({ kind: 'login' });

  const onAnswer = useCallback(
    (answer: AccountStep) => {
      const { data } = answer;
      if (data.connected) {
        setStep({ kind: 'connected' });
        onConnected(accountOf(answer));
        return;
      }
      const checkpoint = data.checkpoint;
      if (!checkpoint) {
        // A step answered with neither a connection nor a next checkpoint: nothing the user can do here.
        toast.error(t('common:somethingWentWrong'));
        return;
      }
      // A new serial remounts the step, so a chained checkpoint of the same type starts fresh.
      setStep((previous) => ({
        kind: 'checkpoint',
        accountId: data.account_id,
        checkpoint,
        serial: previous.kind === 'checkpoint' ? previous.serial + 1 : 1,
      }));
    },
    [onConnected, t],
  );
  const startOver = useCallback(() => setStep({ kind: 'login' }), []);

  const title = step.kind === 'login' ? t('screen.signInTitle') : t('screen.verifyTitle');
  return (
    <>
      <h1 className="text-2xl font-semibold text-ink" data-testid="sign-in-title">
        {title}
      </h1>
      <p className="mt-1.5 mb-6 text-sm text-slate-600">
        {step.kind === 'login' ? t('screen.signInSubtitle') : t('screen.verifySubtitle')}
      </p>
      {step.kind === 'login' && <LoginStep onAnswer={onAnswer} />}
      {step.kind === 'checkpoint' && (
        <CheckpointStep key={step.serial} step={step} onAnswer={onAnswer} onStartOver={startOver} />
      )}
      {step.kind === 'connected' && <p className="text-sm text-slate-600">{t('screen.finishing')}</p>}
    </>
  );
}

function CheckpointStep({
  step,
  onAnswer,
  onStartOver,
}: {
  step: Extract<Step, { kind: 'checkpoint' }>;
  onAnswer: (answer: AccountStep) => void;
  onStartOver: () => void;
}) {
  const { t } = useTranslation('connect');
  const props = { accountId: step.accountId, checkpoint: step.checkpoint, onAnswer, onStartOver };
  switch (step.checkpoint.type) {
    case '2FA':
    case 'OTP':
      return <CodeStep {...props} />;
    case 'IN_APP_VALIDATION':
      return <InAppStep {...props} />;
    case 'CAPTCHA':
      return <CaptchaStep {...props} />;
    default:
      // PHONE_REGISTER cannot be completed here: the network wants a phone number first.
      return (
        <div className="space-y-5" data-testid={`checkpoint-${step.checkpoint.type}`}>
          <p className="flex gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            {t('phoneRegister')}
          </p>
          <button type="button" onClick={onStartOver} className={secondaryButtonClass}>
            {t('startOver')}
          </button>
        </div>
      );
  }
}

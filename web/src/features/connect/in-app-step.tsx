import { BellRing, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AccountStep, mustStartOver, useCheckInApp } from '../../lib/api/linkedin';
import { errorText } from '../../lib/error-text';
import { formatNumber } from '../../lib/format';
import { ButtonSpinner } from './button-spinner';
import { linkButtonClass, secondaryButtonClass } from './styles';

/** Checks run every few seconds while the user approves in the app, and stop well before the
 * network lets the step expire (about 5 minutes); the button keeps working after that. */
export const IN_APP_POLL_MS = 4_000;
export const IN_APP_POLL_LIMIT_MS = 3 * 60_000;

interface InAppStepProps {
  accountId: string;
  onAnswer: (answer: AccountStep) => void;
  onStartOver: () => void;
}

/**
 * In-app validation (spec sections 2 and 4): instructions, an automatic status check on arrival
 * and then at intervals, 'Check Account Status' to check at once, and a 'Waiting for
 * verification' state in between.
 */
export function InAppStep({ accountId, onAnswer, onStartOver }: InAppStepProps) {
  const { t, i18n } = useTranslation('connect');
  const check = useCheckInApp();
  const [auto, setAuto] = useState<'running' | 'stopped' | 'expired'>('running');
  const startedAt = useRef(Date.now());
  const inFlight = useRef(false);

  const runCheck = useCallback(
    (manual: boolean) => {
      if (inFlight.current) return;
      inFlight.current = true;
      check.mutate(accountId, {
        onSuccess: (answer) => {
          if (answer.data.connected || answer.data.checkpoint?.type !== 'IN_APP_VALIDATION') onAnswer(answer);
          else if (manual) toast.info(t('inApp.stillWaiting'));
        },
        onError: (error) => {
          toast.error(errorText(error));
          // After a failure the user decides when to check again.
          setAuto('stopped');
          if (mustStartOver(error)) onStartOver();
        },
        onSettled: () => {
          inFlight.current = false;
        },
      });
    },
    [accountId, check, onAnswer, onStartOver, t],
  );

  // On arrival, then at intervals until the time limit.
  const runRef = useRef(runCheck);
  runRef.current = runCheck;
  useEffect(() => {
    if (auto !== 'running') return;
    runRef.current(false);
    const timer = window.setInterval(() => {
      if (Date.now() - startedAt.current > IN_APP_POLL_LIMIT_MS) {
        window.clearInterval(timer);
        setAuto('expired');
        return;
      }
      runRef.current(false);
    }, IN_APP_POLL_MS);
    return () => window.clearInterval(timer);
  }, [auto]);

  const checking = check.isPending;
  return (
    <div className="space-y-5" data-testid="checkpoint-IN_APP_VALIDATION">
      <div className="flex items-center gap-4 rounded-2xl bg-brand-50 p-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm">
          <Smartphone aria-hidden="true" className="size-6" />
        </span>
        <p className="text-sm font-medium text-slate-800">{t('inApp.intro')}</p>
      </div>
      <ol className="space-y-2.5 text-sm text-slate-700">
        {(['one', 'two', 'three'] as const).map((step, index) => (
          <li key={step} className="flex gap-3">
            <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700">
              {formatNumber(index + 1, i18n.language)}
            </span>
            {t(`inApp.steps.${step}`)}
          </li>
        ))}
      </ol>

      <div
        className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        role="status"
        data-testid="in-app-status"
      >
        {checking ? (
          <ButtonSpinner tone="dark" />
        ) : (
          <span aria-hidden="true" className="relative flex size-3">
            <span className="absolute inline-flex size-full animate-ping rounded-full bg-amber-400 opacity-75" />
            <span className="relative inline-flex size-3 rounded-full bg-amber-500" />
          </span>
        )}
        <span className="font-medium">{checking ? t('inApp.checking') : t('inApp.waiting')}</span>
      </div>
      {auto === 'expired' && (
        <p className="flex gap-2 text-sm text-slate-600">
          <BellRing aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {t('inApp.stoppedChecking')}
        </p>
      )}

      <button type="button" onClick={() => runCheck(true)} disabled={checking} className={secondaryButtonClass}>
        {checking && <ButtonSpinner tone="dark" />}
        {t('inApp.check')}
      </button>
      <div className="text-center">
        <button type="button" onClick={onStartOver} className={linkButtonClass}>
          {t('startOver')}
        </button>
      </div>
    </div>
  );
}

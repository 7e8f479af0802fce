import type { Checkpoint } from '@nashr/contracts';
import { RotateCw, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { type AccountStep, mustStartOver, useSolveChallenge } from '../../lib/api/linkedin';
import { errorText } from '../../lib/error-text';
import { ButtonSpinner } from './button-spinner';
import { CAPTCHA_SIZE, captchaScriptUrl, loadCaptchaWidget } from './captcha-widget';
import { linkButtonClass, secondaryButtonClass } from './styles';

interface CaptchaStepProps {
  accountId: string;
  checkpoint: Checkpoint;
  onAnswer: (answer: AccountStep) => void;
  onStartOver: () => void;
}

type Phase = 'loading' | 'ready' | 'verifying' | 'load-failed';

/**
 * The CAPTCHA checkpoint (spec sections 2 and 4): the provider's challenge loads into a 450x400
 * area; once solved, its token is sent as the code and the challenge is removed.
 */
export function CaptchaStep({ accountId, checkpoint, onAnswer, onStartOver }: CaptchaStepProps) {
  const { t } = useTranslation('connect');
  const solve = useSolveChallenge();
  const containerId = `captcha-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const containerRef = useRef<HTMLDivElement>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  // Raised to load a fresh challenge after a failed one.
  const [attempt, setAttempt] = useState(0);
  const src = captchaScriptUrl(checkpoint);
  const blob = checkpoint.data ?? '';

  const latest = useRef({ solve, onAnswer, onStartOver, t });
  latest.current = { solve, onAnswer, onStartOver, t };

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt reloads the challenge
  useEffect(() => {
    const container = containerRef.current;
    if (!src) {
      setPhase('load-failed');
      toast.error(latest.current.t('captcha.loadFailed'));
      return;
    }
    setPhase('loading');
    let active = true;
    const unload = loadCaptchaWidget(src, {
      onLoadError: () => {
        if (!active) return;
        setPhase('load-failed');
        toast.error(latest.current.t('captcha.loadFailed'));
      },
      onReady: (enforcement) => {
        if (!active) return;
        enforcement.setConfig({
          selector: `#${containerId}`,
          mode: 'inline',
          data: { blob },
          onCompleted: ({ token }) => {
            if (!active) return;
            active = false;
            // The challenge is done: remove it before the token goes out.
            removeChallenge();
            if (!token) {
              toast.error(latest.current.t('captcha.failed'));
              setAttempt((value) => value + 1);
              return;
            }
            submit(token);
          },
          onError: () => {
            if (!active) return;
            setPhase('load-failed');
            toast.error(latest.current.t('captcha.loadFailed'));
          },
          onFailed: () => {
            if (!active) return;
            toast.error(latest.current.t('captcha.failed'));
          },
        });
        setPhase('ready');
      },
    });

    function removeChallenge() {
      unload();
      if (container) container.replaceChildren();
    }

    function submit(token: string) {
      const { solve: mutation, t: translate } = latest.current;
      setPhase('verifying');
      mutation.mutate(
        { accountId, code: token },
        {
          onSuccess: (answer) => latest.current.onAnswer(answer),
          onError: (error) => {
            toast.error(translate('captcha.verifyFailed'), {
              description: errorText(error),
            });
            if (mustStartOver(error)) latest.current.onStartOver();
            else setAttempt((value) => value + 1);
          },
        },
      );
    }

    return () => {
      active = false;
      removeChallenge();
    };
  }, [src, blob, accountId, containerId, attempt]);

  return (
    <div className="space-y-5" data-testid="checkpoint-CAPTCHA">
      <p className="flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm text-slate-700">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
        {t('captcha.intro')}
      </p>
      <div className="relative mx-auto" style={{ width: CAPTCHA_SIZE.width, maxWidth: '100%' }}>
        <div
          id={containerId}
          ref={containerRef}
          data-testid="captcha-area"
          className="w-full overflow-hidden rounded-xl border border-slate-200 bg-white"
          style={{ minHeight: CAPTCHA_SIZE.height }}
        />
        {phase !== 'ready' && (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 rounded-xl bg-white/90 text-sm text-slate-600">
            {phase === 'load-failed' ? (
              <>
                <p>{t('captcha.loadFailed')}</p>
                <button type="button" onClick={() => setAttempt((value) => value + 1)} className={secondaryButtonClass}>
                  <RotateCw aria-hidden="true" className="size-4" />
                  {t('captcha.reload')}
                </button>
              </>
            ) : (
              <>
                <ButtonSpinner tone="dark" />
                <p role="status">{phase === 'verifying' ? t('captcha.verifying') : t('captcha.loading')}</p>
              </>
            )}
          </div>
        )}
      </div>
      <div className="text-center">
        <button type="button" onClick={onStartOver} disabled={phase === 'verifying'} className={linkButtonClass}>
          {t('startOver')}
        </button>
      </div>
    </div>
  );
}

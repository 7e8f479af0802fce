import { BellDot } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../lib/error-text';
import { PushPermissionRefused, usePushDevice, useTurnPushOff, useTurnPushOn } from './notifications-api';

/**
 * "Push notifications on this device": on asks the browser's permission, subscribes and registers
 * the device; off unregisters it and drops the subscription. Without the app's service worker (the
 * installed app registers it) the switch is off and says push needs the installed app.
 */
export function PushDeviceSwitch() {
  const { t } = useTranslation('notifications');
  const device = usePushDevice();
  const turnOn = useTurnPushOn();
  const turnOff = useTurnPushOff();
  const state = device.data;
  const on = state === 'on';
  const available = state === 'on' || state === 'off';
  const busy = turnOn.isPending || turnOff.isPending || device.isFetching;

  const onToggle = async () => {
    try {
      if (on) {
        await turnOff.mutateAsync();
        toast.success(t('push.turnedOff'));
      } else {
        await turnOn.mutateAsync();
        toast.success(t('push.turnedOn'));
      }
    } catch (error) {
      if (error instanceof PushPermissionRefused) toast.error(t('push.askFailed'));
      else toast.error(`${t('push.failed')} ${errorText(error)}`);
    }
  };

  const explanation =
    state === 'unsupported'
      ? t('push.unsupported')
      : state === 'needs-app'
        ? t('push.needsApp')
        : state === 'denied'
          ? t('push.denied')
          : on
            ? t('push.on')
            : t('push.off');

  return (
    <div
      className="mt-4 flex items-start gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="push-device"
      data-state={state ?? 'loading'}
    >
      <BellDot aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600" />
      <div className="min-w-0 flex-1">
        <p id="push-device-title" className="text-sm font-semibold text-ink">
          {t('push.title')}
        </p>
        <p id="push-device-explanation" className="mt-1 text-sm leading-6 text-slate-600" aria-live="polite">
          {state === undefined ? t('push.working') : explanation}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby="push-device-title"
        aria-describedby="push-device-explanation"
        disabled={!available || busy}
        onClick={onToggle}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${on ? 'bg-brand-600' : 'bg-slate-300'}`}
        data-testid="push-device-switch"
      >
        <span
          aria-hidden="true"
          className={`inline-block size-5 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-5 rtl:-translate-x-5' : 'translate-x-0.5 rtl:-translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}

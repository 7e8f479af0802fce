import { NOTIFICATION_KINDS, type NotificationPreferences } from '@nashr/contracts';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { errorText } from '../../lib/error-text';
import { formatClock } from '../../lib/format';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { useNotificationPreferences, useSaveNotificationPreferences } from './notifications-api';
import { PushDeviceSwitch } from './push-device-switch';
import { PushDevicesList } from './push-devices-list';

/** Each kind's channels, in the table's order. */
const CHANNELS = ['app', 'email', 'push'] as const;
type Channel = (typeof CHANNELS)[number];
const CHANNEL_LABELS = {
  app: 'preferences.inApp',
  email: 'preferences.byEmail',
  push: 'preferences.onDevices',
} as const;

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/**
 * The settings page's notification choices: per event, in the app, by e-mail and pushed to the
 * user's devices; push on this device; and the digest hour.
 */
export function NotificationPreferencesSection() {
  const { t, i18n } = useTranslation('notifications');
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const current = draft ?? preferences.data;
  const hourLabel = (hour: number) => formatClock(new Date(2026, 0, 1, hour), i18n.language);

  const toggle = (kind: (typeof NOTIFICATION_KINDS)[number], channel: Channel) => {
    if (!current) return;
    setDraft({
      ...current,
      kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], [channel]: !current.kinds[kind][channel] } },
    });
  };

  const onSave = async () => {
    if (!draft) return;
    try {
      await save.mutateAsync({ kinds: draft.kinds, digestHour: draft.digestHour });
      setDraft(null);
      toast.success(t('preferences.saved'));
    } catch (error) {
      toast.error(`${t('preferences.saveFailed')} ${errorText(error)}`);
    }
  };

  return (
    <section
      id="notifications"
      aria-labelledby="notification-preferences-title"
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="notification-preferences"
    >
      <h2 id="notification-preferences-title" className="flex items-center gap-2 text-lg font-semibold text-ink">
        <BellRing aria-hidden="true" className="size-5 text-brand-600" />
        {t('preferences.title')}
      </h2>
      <p className="mt-1 text-sm leading-6 text-slate-600">{t('preferences.description')}</p>
      {preferences.isError ? (
        <p className="mt-4 text-sm text-red-700">{t('preferences.loadFailed')}</p>
      ) : !current ? (
        <div className="mt-6 flex justify-center">
          <Spinner />
        </div>
      ) : (
        <>
          <PushDeviceSwitch />
          <PushDevicesList />
          <table className="mt-4 w-full text-sm">
            <thead>
              <tr className="text-slate-500">
                <th scope="col" className="py-2 text-start font-medium">
                  {t('preferences.kind')}
                </th>
                {CHANNELS.map((channel) => (
                  <th key={channel} scope="col" className="w-24 py-2 text-center font-medium">
                    {t(CHANNEL_LABELS[channel])}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {NOTIFICATION_KINDS.map((kind) => (
                <tr key={kind} className="border-t border-slate-100">
                  <th scope="row" className="py-2.5 text-start font-normal text-ink">
                    {t(`kinds.${kind}.label`)}
                  </th>
                  {CHANNELS.map((channel) => (
                    <td key={channel} className="py-2.5 text-center">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-600"
                        checked={current.kinds[kind][channel]}
                        onChange={() => toggle(kind, channel)}
                        aria-label={`${t(`kinds.${kind}.label`)}: ${t(CHANNEL_LABELS[channel])}`}
                        data-testid={`pref-${kind}-${channel}`}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <label className="flex items-center gap-2 text-sm text-slate-700">
              {t('preferences.digestHour')}
              <select
                value={current.digestHour}
                onChange={(event) => setDraft({ ...current, digestHour: Number(event.target.value) })}
                className="rounded-lg border border-slate-300 px-2 py-1.5"
                data-testid="pref-digest-hour"
              >
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </label>
            <span className="text-xs text-slate-500">{t('preferences.timeZone', { zone: current.timeZone })}</span>
            <Button
              onClick={onSave}
              disabled={!draft || save.isPending}
              variant="primary"
              className="ms-auto"
              data-testid="save-notification-preferences"
            >
              {save.isPending ? t('preferences.saving') : t('preferences.save')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

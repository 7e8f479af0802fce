import type { PushDevice } from '@nashr/contracts';
import { MonitorSmartphone } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { useConfirmedRemoval } from '../../lib/use-confirmed-removal';
import { DangerOutlineButton } from '../../ui/danger-outline-button';
import { Dated } from '../../ui/dated';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import { Loaded } from '../../ui/load-error';
import { usePushDevices, useRemovePushDevice } from './notifications-api';

/**
 * The service names a device `Chrome on Android` (browser, then system, from the User-Agent it was
 * registered with): said in the reader's language, each name isolated from the sentence's direction.
 */
function DeviceName({ label }: { label: string | null }) {
  const { t } = useTranslation('notifications');
  const parts = label?.split(' on ') ?? [];
  if (parts.length === 2) {
    return (
      <Trans
        t={t}
        i18nKey="push.devices.browserOn"
        values={{ browser: parts[0], os: parts[1] }}
        components={{ browser: <bdi />, os: <bdi /> }}
      />
    );
  }
  return label ? <bdi>{label}</bdi> : t('push.devices.unknown');
}

/** The words a device is named by in a label or a question (no markup). */
function plainName(label: string | null, t: (key: string, values?: Record<string, string>) => string): string {
  const parts = label?.split(' on ') ?? [];
  if (parts.length === 2) {
    return t('push.devices.browserOn', { browser: parts[0] ?? '', os: parts[1] ?? '' }).replace(/<\/?[a-z]+>/g, '');
  }
  return label ?? t('push.devices.unknown');
}

/** The list itself, from the devices the service gave: empty, or one row each with its Remove button. */
export function PushDeviceItems({
  devices,
  onRemove,
  removing,
}: {
  devices: PushDevice[];
  onRemove: (device: PushDevice) => void;
  removing?: string | null;
}) {
  const { t } = useTranslation('notifications');
  if (devices.length === 0) {
    return (
      <p className="py-3 text-sm text-slate-500" data-testid="push-devices-empty">
        {t('push.devices.empty')}
      </p>
    );
  }
  return (
    <ul className="divide-y divide-slate-100" data-testid="push-devices-items">
      {devices.map((device) => (
        <li
          key={device.id}
          className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-3"
          data-testid="push-device-row"
          data-current={device.current}
        >
          <div className="flex min-w-0 flex-1 items-start gap-3">
            <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-500" />
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-ink">
                <span>
                  <DeviceName label={device.label} />
                </span>
                {device.current && (
                  <span className="whitespace-nowrap rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700">
                    {t('push.devices.thisDevice')}
                  </span>
                )}
              </p>
              <p className="mt-0.5 text-xs text-slate-500">
                <Dated ns="notifications" i18nKey="push.devices.added" date={device.createdAt} />
                {' · '}
                {device.lastDeliveredAt ? (
                  <Dated ns="notifications" i18nKey="push.devices.lastDelivered" date={device.lastDeliveredAt} />
                ) : (
                  t('push.devices.neverDelivered')
                )}
              </p>
            </div>
          </div>
          <DangerOutlineButton
            size="sm"
            onClick={() => onRemove(device)}
            disabled={removing === device.id}
            aria-label={t('push.devices.removeLabel', { name: plainName(device.label, t) })}
            data-testid="push-device-remove"
          >
            {t('push.devices.remove')}
          </DangerOutlineButton>
        </li>
      ))}
    </ul>
  );
}

/**
 * "Devices that get push notifications", under the switch: each device's name, when it was added
 * and last notified, this one marked, and Remove after a confirmation (a lost phone, an old
 * computer). Removing this device turns the switch off too.
 */
export function PushDevicesList() {
  const { t } = useTranslation('notifications');
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const removal = useConfirmedRemoval(remove.mutateAsync, () => t('push.devices.removed'));
  const asking = removal.asking;

  return (
    <section aria-labelledby="push-devices-title" className="mt-3 px-1" data-testid="push-devices">
      <h3 id="push-devices-title" className="flex flex-wrap items-baseline gap-2 text-sm font-semibold text-ink">
        {t('push.devices.title')}
        {devices.data && devices.data.length > 0 && (
          <span className="text-xs font-normal text-slate-500" data-testid="push-devices-count">
            {t('push.devices.count', { count: devices.data.length })}
          </span>
        )}
      </h3>
      <Loaded query={devices}>
        {(list) => (
          <PushDeviceItems
            devices={list}
            onRemove={removal.ask}
            removing={remove.isPending ? (remove.variables?.id ?? null) : null}
          />
        )}
      </Loaded>
      <DiscardChangesDialog
        {...removal.question}
        copy={{
          title: t('push.devices.confirm.title', { name: asking ? plainName(asking.label, t) : '' }),
          message: t('push.devices.confirm.text'),
          keep: t('push.devices.confirm.keep'),
          discard: t('push.devices.confirm.remove'),
        }}
      />
    </section>
  );
}

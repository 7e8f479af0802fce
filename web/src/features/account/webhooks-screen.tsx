import {
  createWebhookRequestSchema,
  MAX_WEBHOOK_ENDPOINTS,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryType,
  type WebhookEndpoint,
} from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { Webhook } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatList } from '../../lib/format';
import { sayOutcome } from '../../lib/say-outcome';
import { useConfirmedRemoval } from '../../lib/use-confirmed-removal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSentForm } from '../../lib/use-sent-form';
import { Button } from '../../ui/button';
import { DangerOutlineButton } from '../../ui/danger-outline-button';
import { Dated } from '../../ui/dated';
import { DiscardChangesDialog } from '../../ui/discard-changes-dialog';
import { FieldProblem } from '../../ui/field-problem';
import { Loaded } from '../../ui/load-error';
import { Spinner } from '../../ui/spinner';
import { SecretOnce } from './secret-once';
import { TickList } from './tick-list';
import { useCreateWebhook, useRemoveWebhook, useSendWebhook, useWebhookDeliveries, useWebhooks } from './webhooks-api';

/** An event type's words: `post.needs_attention` → `webhooks.events.postNeedsAttention`. */
const eventKey = (type: WebhookDeliveryType) =>
  `webhooks.events.${type.replace(/[._](\w)/g, (_, letter: string) => letter.toUpperCase())}`;

const STATUS_STYLE: Record<WebhookDelivery['status'], string> = {
  pending: 'bg-slate-100 text-slate-700',
  retrying: 'bg-amber-50 text-amber-800',
  delivered: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-700',
};

function CreateWebhookForm({ full, onCreated }: { full: boolean; onCreated: (secret: string) => void }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const create = useCreateWebhook();
  // Checked by the API's own schema: the form asks for what the server would refuse.
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useSchemaForm(createWebhookRequestSchema, {
    defaultValues: { url: '', events: ['post.published', 'post.failed'] },
  });

  const { submit, refusal } = useSentForm(handleSubmit, create, (created) => {
    resetField('url');
    onCreated(created.secret);
  });
  // One problem at a time, in the order of the fields.
  const problem = errors.url
    ? t(errors.url.type === 'too_small' ? 'webhooks.create.urlMissing' : 'webhooks.create.urlInvalid')
    : errors.events
      ? t('webhooks.create.eventsMissing')
      : refusal;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="webhook-form"
    >
      <h2 className="text-lg font-semibold text-ink">{t('webhooks.create.title')}</h2>
      <label htmlFor={`${id}-url`} className="mt-4 block text-sm font-medium text-slate-700">
        {t('webhooks.create.url')}
      </label>
      <input
        id={`${id}-url`}
        type="url"
        dir="ltr"
        inputMode="url"
        maxLength={2000}
        placeholder="https://example.com/nashr-webhook"
        aria-describedby={`${id}-url-hint`}
        className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-start text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        data-testid="webhook-url"
        {...register('url')}
      />
      <p id={`${id}-url-hint`} className="mt-1 text-xs text-slate-500">
        {t('webhooks.create.urlHint')}
      </p>
      <TickList
        legend={t('webhooks.create.events')}
        values={WEBHOOK_EVENT_TYPES}
        wordsOf={(type) => t(eventKey(type))}
        field={register('events')}
        dataName="data-event"
      />
      <FieldProblem problem={problem} data-testid="webhook-problem" />
      {full && (
        <p className="mt-3 text-sm text-slate-600">
          {t('errors:webhook.limit_reached', { max: MAX_WEBHOOK_ENDPOINTS })}
        </p>
      )}
      <Button
        type="submit"
        disabled={create.isPending || full}
        variant="primary"
        className="mt-4"
        data-testid="webhook-create"
      >
        {create.isPending && <Spinner className="size-4 border-2" label={t('webhooks.create.pending')} />}
        {t('webhooks.create.submit')}
      </Button>
    </form>
  );
}

function DeliveryRow({
  delivery,
  onRedeliver,
  busy,
}: {
  delivery: WebhookDelivery;
  onRedeliver: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('profile');
  return (
    <li
      className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start"
      data-testid="webhook-delivery"
      data-status={delivery.status}
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
          {t(eventKey(delivery.type))}
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[delivery.status]}`}>
            {t(`webhooks.log.status.${delivery.status}`)}
          </span>
          <span className="text-xs text-slate-500">
            {delivery.statusCode === null
              ? t('webhooks.log.noAnswer')
              : t('webhooks.log.httpStatus', { code: delivery.statusCode })}
          </span>
        </p>
        {delivery.excerpt && (
          <p dir="auto" className="mt-1 break-all font-mono text-xs text-slate-600">
            {delivery.excerpt}
          </p>
        )}
        <p className="mt-1 text-xs text-slate-500">
          <Dated ns="profile" i18nKey="webhooks.log.createdAt" date={delivery.createdAt} />
          {' · '}
          {t('webhooks.log.attempts', { count: delivery.attempts })}
        </p>
      </div>
      <button
        type="button"
        onClick={onRedeliver}
        disabled={busy}
        className="self-start rounded-xl border border-slate-300 px-3 py-1.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60"
        data-testid="webhook-redeliver"
      >
        {t('webhooks.log.redeliver')}
      </button>
    </li>
  );
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation('profile');
  const deliveries = useWebhookDeliveries(endpoint.id);
  const { redeliver } = useSendWebhook(endpoint.id);
  const again = (deliveryId: string) =>
    sayOutcome(
      () => redeliver.mutateAsync(deliveryId),
      () => t('webhooks.log.redelivered'),
    );
  return (
    <section
      className="mt-3 rounded-2xl bg-slate-50 px-4"
      aria-label={t('webhooks.log.title')}
      data-testid="webhook-log"
    >
      <Loaded query={deliveries}>
        {(list) =>
          list.length === 0 ? (
            <p className="py-4 text-sm text-slate-500" data-testid="webhook-log-empty">
              {t('webhooks.log.empty')}
            </p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {list.map((delivery) => (
                <DeliveryRow
                  key={delivery.id}
                  delivery={delivery}
                  busy={redeliver.isPending}
                  onRedeliver={() => void again(delivery.id)}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}

function WebhookRow({
  endpoint,
  onRemove,
}: {
  endpoint: WebhookEndpoint;
  onRemove: (endpoint: WebhookEndpoint) => void;
}) {
  const { t, i18n } = useTranslation('profile');
  const logId = useId();
  const [open, setOpen] = useState(false);
  const { test } = useSendWebhook(endpoint.id);
  const sendTest = () =>
    sayOutcome(
      async () => {
        await test.mutateAsync();
        setOpen(true);
      },
      () => t('webhooks.list.testSent'),
    );
  return (
    <li className="py-4" data-testid="webhook-row">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex min-w-0 flex-1 items-start gap-4">
          <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
            <Webhook aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p dir="ltr" className="break-all text-start font-mono text-sm font-semibold text-ink">
              {endpoint.url}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              {formatList(
                endpoint.events.map((type) => t(eventKey(type))),
                i18n.language,
              )}
            </p>
            <p className="mt-1 text-sm text-slate-500">
              <Dated ns="profile" i18nKey="webhooks.list.createdAt" date={endpoint.createdAt} />
              {' · '}
              <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">
                {endpoint.secretHint}…
              </code>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => void sendTest()}
            disabled={test.isPending}
            variant="secondary"
            data-testid="webhook-test"
          >
            {test.isPending && <Spinner className="size-4 border-2" label={t('webhooks.list.testPending')} />}
            {t('webhooks.list.test')}
          </Button>
          <Button
            onClick={() => setOpen((shown) => !shown)}
            aria-expanded={open}
            aria-controls={logId}
            variant="secondary"
            data-testid="webhook-log-toggle"
          >
            {open ? t('webhooks.list.hideLog') : t('webhooks.list.showLog')}
          </Button>
          <DangerOutlineButton
            onClick={() => onRemove(endpoint)}
            aria-label={t('webhooks.list.removeLabel', { url: endpoint.url })}
            data-testid="webhook-remove"
          >
            {t('webhooks.list.remove')}
          </DangerOutlineButton>
        </div>
      </div>
      <div id={logId}>{open && <DeliveryLog endpoint={endpoint} />}</div>
    </li>
  );
}

/** /webhooks: the user's webhook endpoints, beside the access tokens (reached from /api-tokens). */
export function WebhooksPage() {
  const { t } = useTranslation('profile');
  const webhooks = useWebhooks();
  const remove = useRemoveWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const removal = useConfirmedRemoval(remove.mutateAsync, () => t('webhooks.list.removed'));

  return (
    <div data-testid="screen-webhooks" className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('webhooks.title')}</h1>
      <p className="mt-2 text-slate-600">{t('webhooks.intro')}</p>
      <Link to="/api-tokens" className="mt-2 inline-flex text-sm font-semibold text-brand-700 hover:underline">
        {t('apiTokens.title')}
      </Link>
      {secret && (
        <SecretOnce
          secret={secret}
          onDone={() => setSecret(null)}
          testId="webhook-created"
          secretTestId="webhook-secret"
          copy={{
            title: t('webhooks.created.title'),
            text: t('webhooks.created.text'),
            copy: t('webhooks.created.copy'),
            copied: t('webhooks.created.copied'),
            done: t('webhooks.created.done'),
          }}
        />
      )}
      <CreateWebhookForm full={(webhooks.data?.length ?? 0) >= MAX_WEBHOOK_ENDPOINTS} onCreated={setSecret} />
      <section className="mt-6 rounded-3xl border border-slate-200 bg-white px-5 shadow-sm">
        <h2 className="pt-5 text-lg font-semibold text-ink">{t('webhooks.list.title')}</h2>
        <Loaded query={webhooks}>
          {(list) =>
            list.length === 0 ? (
              <p className="py-8 text-center text-slate-500" data-testid="webhooks-empty">
                {t('webhooks.list.empty')}
              </p>
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-500" data-testid="webhooks-count">
                  {t('webhooks.list.count', { count: list.length, max: MAX_WEBHOOK_ENDPOINTS })}
                </p>
                <ul className="divide-y divide-slate-100">
                  {list.map((endpoint) => (
                    <WebhookRow key={endpoint.id} endpoint={endpoint} onRemove={removal.ask} />
                  ))}
                </ul>
              </>
            )
          }
        </Loaded>
      </section>
      <DiscardChangesDialog
        {...removal.question}
        copy={{
          title: t('webhooks.confirm.title'),
          message: t('webhooks.confirm.text', { url: removal.asking?.url ?? '' }),
          keep: t('webhooks.confirm.cancel'),
          discard: t('webhooks.confirm.remove'),
        }}
      />
    </div>
  );
}

import {
  API_TOKEN_SCOPES,
  type ApiToken,
  type ApiTokenScope,
  createApiTokenRequestSchema,
  MAX_API_TOKENS,
  MCP_PATH,
} from '@nashr/contracts';
import { Link } from '@tanstack/react-router';
import { KeyRound } from 'lucide-react';
import { useId, useState, useSyncExternalStore } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { formatList } from '../../lib/format';
import { textRuleMessageText } from '../../lib/text-problem';
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
import { useApiTokens, useCreateApiToken, useRevokeApiToken } from './api-tokens-api';
import { SecretOnce } from './secret-once';
import { TickList } from './tick-list';

/** A scope's words: `posts:read` → `apiTokens.scopes.postsRead` (a colon would name a namespace). */
const scopeKey = (scope: ApiTokenScope) =>
  `apiTokens.scopes.${scope.replace(/:(\w)/, (_, letter: string) => letter.toUpperCase())}`;

/** The lifetimes offered; null: until revoked. */
const EXPIRY_DAYS = [30, 90, 365, null] as const;

/** The token, shown this once, with Copy. */
function CreatedToken({ token, onDone }: { token: string; onDone: () => void }) {
  const { t } = useTranslation('profile');
  return (
    <SecretOnce
      secret={token}
      onDone={onDone}
      testId="api-token-created"
      secretTestId="api-token-secret"
      copy={{
        title: t('apiTokens.created.title'),
        text: t('apiTokens.created.text'),
        copy: t('apiTokens.created.copy'),
        copied: t('apiTokens.created.copied'),
        done: t('apiTokens.created.done'),
      }}
    />
  );
}

function CreateTokenForm({ full, onCreated }: { full: boolean; onCreated: (token: string) => void }) {
  const { t } = useTranslation('profile');
  const id = useId();
  const create = useCreateApiToken();
  // Checked by the API's own schema: the form asks for what the server would refuse.
  const {
    register,
    handleSubmit,
    resetField,
    formState: { errors },
  } = useSchemaForm(createApiTokenRequestSchema, {
    defaultValues: { name: '', scopes: ['posts:read'], expiresInDays: 90 },
  });

  const { submit, refusal } = useSentForm(handleSubmit, create, (created) => {
    resetField('name');
    onCreated(created.token);
  });
  // One problem at a time, in the order of the fields.
  const problem = errors.name
    ? (textRuleMessageText(errors.name.message) ?? t('apiTokens.create.nameMissing'))
    : errors.scopes
      ? t('apiTokens.create.scopesMissing')
      : refusal;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 rounded-3xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="api-token-form"
    >
      <h2 className="text-lg font-semibold text-ink">{t('apiTokens.create.title')}</h2>
      <label htmlFor={`${id}-name`} className="mt-4 block text-sm font-medium text-slate-700">
        {t('apiTokens.create.name')}
      </label>
      <input
        id={`${id}-name`}
        maxLength={60}
        placeholder={t('apiTokens.create.namePlaceholder')}
        className="mt-1 w-full rounded-xl border border-slate-300 px-3 py-2 text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        data-testid="api-token-name"
        {...register('name')}
      />
      <TickList
        legend={t('apiTokens.create.scopes')}
        values={API_TOKEN_SCOPES}
        wordsOf={(scope) => t(scopeKey(scope))}
        field={register('scopes')}
        dataName="data-scope"
      />
      <label htmlFor={`${id}-expiry`} className="mt-4 block text-sm font-medium text-slate-700">
        {t('apiTokens.create.expiry')}
      </label>
      <select
        id={`${id}-expiry`}
        {...register('expiresInDays', { setValueAs: (value) => (value === 'never' ? null : Number(value)) })}
        className="mt-1 block rounded-xl border border-slate-300 bg-white px-3 py-2 text-ink"
        data-testid="api-token-expiry"
      >
        {EXPIRY_DAYS.map((days) => (
          <option key={days ?? 'never'} value={days ?? 'never'}>
            {days === null ? t('apiTokens.create.never') : t('sessions.days', { count: days })}
          </option>
        ))}
      </select>
      <FieldProblem problem={problem} data-testid="api-token-problem" />
      {full && (
        <p className="mt-3 text-sm text-slate-600">{t('errors:token.limit_reached', { max: MAX_API_TOKENS })}</p>
      )}
      <Button
        type="submit"
        disabled={create.isPending || full}
        variant="primary"
        className="mt-4"
        data-testid="api-token-create"
      >
        {create.isPending && <Spinner className="size-4 border-2" label={t('apiTokens.create.pending')} />}
        {t('apiTokens.create.submit')}
      </Button>
    </form>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: (token: ApiToken) => void }) {
  const { t, i18n } = useTranslation('profile');
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" data-testid="api-token-row">
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-600">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
            <bdi>{token.name}</bdi>
            <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600">
              {token.hint}…
            </code>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {formatList(
              token.scopes.map((scope) => t(scopeKey(scope))),
              i18n.language,
            )}
          </p>
          <p className="mt-1 text-sm text-slate-500">
            <Dated ns="profile" i18nKey="apiTokens.list.createdAt" date={token.createdAt} />
            {' · '}
            {token.lastUsedAt ? (
              <Dated ns="profile" i18nKey="apiTokens.list.lastUsed" date={token.lastUsedAt} />
            ) : (
              t('apiTokens.list.neverUsed')
            )}
            {' · '}
            {token.expiresAt ? (
              <Dated ns="profile" i18nKey="apiTokens.list.expiresAt" date={token.expiresAt} />
            ) : (
              t('apiTokens.list.noExpiry')
            )}
          </p>
        </div>
      </div>
      <DangerOutlineButton
        onClick={() => onRevoke(token)}
        aria-label={t('apiTokens.list.revokeLabel', { name: token.name })}
        data-testid="api-token-revoke"
      >
        {t('apiTokens.list.revoke')}
      </DangerOutlineButton>
    </li>
  );
}

/** /api-tokens: the user's personal access tokens for the API and AI assistants (reached from /profile). */
export function ApiTokensPage() {
  const { t } = useTranslation('profile');
  const tokens = useApiTokens();
  const revoke = useRevokeApiToken();
  const [secret, setSecret] = useState<string | null>(null);
  const removal = useConfirmedRemoval(revoke.mutateAsync, () => t('apiTokens.list.revoked'));

  return (
    <div data-testid="screen-api-tokens" className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-bold tracking-tight text-ink sm:text-3xl">{t('apiTokens.title')}</h1>
      <p className="mt-2 text-slate-600">{t('apiTokens.intro')}</p>
      <a
        href="/api/v1/openapi.json"
        target="_blank"
        rel="noopener"
        className="mt-2 inline-flex text-sm font-semibold text-brand-700 hover:underline"
      >
        {t('apiTokens.docs')}
      </a>
      <Link
        to="/webhooks"
        className="ms-4 mt-2 inline-flex text-sm font-semibold text-brand-700 hover:underline"
        data-testid="webhooks-link"
      >
        {t('webhooks.title')}
      </Link>
      <McpAddress />
      {secret && <CreatedToken token={secret} onDone={() => setSecret(null)} />}
      <CreateTokenForm full={(tokens.data?.length ?? 0) >= MAX_API_TOKENS} onCreated={setSecret} />
      <section className="mt-6 rounded-3xl border border-slate-200 bg-white px-5 shadow-sm">
        <h2 className="pt-5 text-lg font-semibold text-ink">{t('apiTokens.list.title')}</h2>
        <Loaded query={tokens}>
          {(list) =>
            list.length === 0 ? (
              <p className="py-8 text-center text-slate-500" data-testid="api-tokens-empty">
                {t('apiTokens.list.empty')}
              </p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {list.map((token) => (
                  <TokenRow key={token.id} token={token} onRevoke={removal.ask} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </section>
      <DiscardChangesDialog
        {...removal.question}
        copy={{
          title: t('apiTokens.confirm.title', { name: removal.asking?.name ?? '' }),
          message: t('apiTokens.confirm.text'),
          keep: t('apiTokens.confirm.cancel'),
          discard: t('apiTokens.confirm.revoke'),
        }}
      />
    </div>
  );
}

const noSubscription = () => () => {};

/** Where AI assistants reach the MCP server: this site's own address, known once in the browser. */
function McpAddress() {
  const { t } = useTranslation('profile');
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  return (
    <p data-testid="api-tokens-mcp" className="mt-2 text-sm text-slate-600">
      <Trans
        t={t}
        i18nKey="apiTokens.mcp"
        values={{ address: `${origin}${MCP_PATH}` }}
        components={{ code: <code dir="ltr" className="rounded bg-slate-100 px-1 font-mono text-xs" /> }}
      />
    </p>
  );
}

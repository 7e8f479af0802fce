import { Readable } from 'node:stream';
import { ANALYTICS_ERROR_CODES, ANALYTICS_MESSAGES, API, canonicalTimeZone } from '@nashr/contracts';
import { AppError, identityOf, route, type ServiceApp } from '@nashr/platform';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { AccountStore } from '../accounts/account-store.js';
import { readBestTimes } from '../analytics/best-times.js';
import { exportCsv } from '../analytics/export.js';
import { readPageSummary } from '../analytics/page-summary.js';
import { readPostSeries } from '../analytics/post-series.js';
import { readSummary } from '../analytics/summary.js';
import type { AccountRow, schema } from '../db/schema.js';
import type { ProfileService } from '../profile/profile-service.js';
import {
  type AnalyticsCapabilities,
  analyticsCapabilitiesOf,
  DEFAULT_ANALYTICS_CAPABILITIES,
  type NetworkProvider,
} from '../providers/network-provider.js';

export interface AnalyticsRouteDeps {
  db: PostgresJsDatabase<typeof schema>;
  profiles: ProfileService;
  accounts: AccountStore;
  provider: NetworkProvider;
  clock: () => Date;
}

const badTimeZone = (sent: string) => {
  const shown = sent.slice(0, 64);
  return new AppError('BAD_REQUEST', ANALYTICS_MESSAGES.badTimeZone(shown), {
    code: ANALYTICS_ERROR_CODES.badTimeZone,
    params: { zone: shown },
  });
};

/** The zone days are counted in: the one asked for, in its canonical spelling, else UTC. */
function zoneOf(sent: string | undefined): string {
  if (sent === undefined) return 'UTC';
  const zone = canonicalTimeZone(sent);
  if (!zone) throw badTimeZone(sent);
  return zone;
}

/** A zone the runtime knows but PostgreSQL's time-zone data does not is refused like an unknown one. */
async function inZone<T>(zone: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    // Drizzle wraps the driver's error; 22023 (invalid parameter value) is the unknown zone here.
    const cause = (error as { cause?: unknown }).cause ?? error;
    if ((cause as { code?: unknown }).code === '22023') throw badTimeZone(zone);
    throw error;
  }
}

/**
 * Analytics over time, read from the snapshots this service keeps. A user without a network
 * account answers 404 `linkedin.not_connected`; one whose connection dropped still sees the
 * history kept so far.
 */
export function analyticsRoutes(app: ServiceApp, deps: AnalyticsRouteDeps): void {
  const { db, profiles, accounts, provider, clock } = deps;

  const accountOf = async (userId: string) => {
    const row = await profiles.accountOf(userId, undefined, { connected: false });
    return { row, capabilities: await capabilitiesOf(row) };
  };

  const capabilitiesOf = async (row: AccountRow): Promise<AnalyticsCapabilities> => {
    const networkId = accounts.providerAccount(row);
    if (!networkId) return DEFAULT_ANALYTICS_CAPABILITIES;
    try {
      return await analyticsCapabilitiesOf(provider, networkId);
    } catch {
      // No provider serves the account any more: what was kept is shown as it was.
      return DEFAULT_ANALYTICS_CAPABILITIES;
    }
  };

  route(app, API.analytics.summary, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const timeZone = zoneOf(request.query.timeZone);
    const { row, capabilities } = await accountOf(userId);
    reply.header('cache-control', 'no-store');
    return inZone(timeZone, () =>
      readSummary(db, {
        userId,
        days: request.query.days as 7 | 30 | 90 | 365,
        timeZone,
        now: clock(),
        capabilities,
        connected: row.status === 'connected',
      }),
    );
  });

  route(app, API.analytics.post, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const { capabilities } = await accountOf(userId);
    const series = await readPostSeries(db, {
      userId,
      postId: request.params.postId,
      counters: capabilities.postCounters,
    });
    // Another user's post answers exactly as one that does not exist.
    if (!series) {
      throw new AppError('NOT_FOUND', ANALYTICS_MESSAGES.unknownPost, { code: ANALYTICS_ERROR_CODES.unknownPost });
    }
    reply.header('cache-control', 'no-store');
    return series;
  });

  route(app, API.analytics.page, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    await profiles.accountOf(userId, undefined, { connected: false });
    const summary = await readPageSummary(db, {
      userId,
      organization: request.query.organization,
      days: request.query.days,
      now: clock(),
    });
    // A page another user added answers exactly as one nobody did.
    if (!summary) {
      throw new AppError('NOT_FOUND', ANALYTICS_MESSAGES.unknownPage, { code: ANALYTICS_ERROR_CODES.unknownPage });
    }
    reply.header('cache-control', 'no-store');
    return summary;
  });

  route(app, API.analytics.bestTimes, { checkResponses: true }, async (request, reply) => {
    const { userId } = identityOf(request);
    const timeZone = zoneOf(request.query.timeZone);
    const { capabilities } = await accountOf(userId);
    reply.header('cache-control', 'no-store');
    return inZone(timeZone, () =>
      readBestTimes(db, { userId, timeZone, now: clock(), counters: capabilities.postCounters }),
    );
  });

  route(app, API.analytics.export, {}, async (request, reply) => {
    const { userId } = identityOf(request);
    await accountOf(userId);
    const { kind } = request.query;
    const day = clock().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="nashr-${kind}-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(exportCsv(db, userId, kind)));
  });
}

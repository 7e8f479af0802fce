import {
  AUTOPILOT_ERROR_CODES as A,
  AUTOPILOT_LIMITS,
  AUTOPILOT_STOP_CODES,
  type Autopilot,
  type AutopilotStatus,
  ENGAGE_ERROR_CODES as E,
  minutesOfTime,
  SUGGESTION_KINDS,
  type saveAutopilotRequestSchema,
} from '@nashr/contracts';
import { AppError } from '@nashr/platform';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { z } from 'zod';
import type { EngageConfig } from '../config.js';
import { autopilotPeople, autopilotSends, autopilotSettings, people, type schema } from '../db/schema.js';
import { localMoment, nextOpening, type WorkingHours, withinHours } from './local-time.js';
import type { AutopilotTicks } from './ticks.js';

type Db = PostgresJsDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SettingsRow = typeof autopilotSettings.$inferSelect;

const DEFAULTS = {
  enabled: false,
  paused: false,
  dailyCap: AUTOPILOT_LIMITS.defaultDailyCap,
  hoursStart: AUTOPILOT_LIMITS.defaultStart,
  hoursEnd: AUTOPILOT_LIMITS.defaultEnd,
  days: [0, 1, 2, 3, 4, 5, 6],
  timeZone: 'UTC',
  suggestion: 'question',
  nextAt: null,
  stoppedCode: null,
  stoppedParams: null,
  stoppedAt: null,
} as const;

export const hoursOf = (row: Pick<SettingsRow, 'hoursStart' | 'hoursEnd' | 'days' | 'timeZone'>): WorkingHours => ({
  start: minutesOfTime(row.hoursStart),
  end: minutesOfTime(row.hoursEnd),
  days: row.days,
  timeZone: row.timeZone,
});

/** Comments autopilot sent (or is sending) on the user's day `day`: a failed one does not count. */
export async function sentOn(db: Db | Tx, userId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(autopilotSends)
    .where(and(eq(autopilotSends.userId, userId), eq(autopilotSends.day, day), ne(autopilotSends.outcome, 'failed')));
  return row?.n ?? 0;
}

/** Where the autopilot stands at `now`, with the earliest the next comment may go. */
export function statusOf(
  row: SettingsRow,
  sentToday: number,
  now: Date,
): { status: AutopilotStatus; nextAt: Date | null } {
  if (!row.enabled) return { status: 'off', nextAt: null };
  if (row.stoppedCode) return { status: 'stopped', nextAt: null };
  if (row.paused) return { status: 'paused', nextAt: null };
  const hours = hoursOf(row);
  if (!withinHours(now, hours)) return { status: 'outside_hours', nextAt: nextOpening(now, hours) };
  if (sentToday >= row.dailyCap) return { status: 'cap_reached', nextAt: nextOpening(now, hours, true) };
  return { status: 'on', nextAt: row.nextAt && row.nextAt > now ? row.nextAt : null };
}

/** Each user's autopilot setting: read, saved, paused. Sending is the runner's. */
export class AutopilotSettings {
  constructor(
    private readonly db: Db,
    private readonly ticks: AutopilotTicks,
    private readonly config: EngageConfig,
    private readonly clock: () => Date,
  ) {}

  async view(userId: string): Promise<Autopilot> {
    const [stored] = await this.db.select().from(autopilotSettings).where(eq(autopilotSettings.userId, userId));
    const row: SettingsRow = stored ?? { userId, ...DEFAULTS, days: [...DEFAULTS.days], updatedAt: new Date(0) };
    const chosen = await this.db
      .select({ personId: autopilotPeople.personId })
      .from(autopilotPeople)
      .where(eq(autopilotPeople.userId, userId));
    const now = this.clock();
    const sentToday = stored ? await sentOn(this.db, userId, localMoment(now, row.timeZone).date) : 0;
    const { status, nextAt } = statusOf(row, sentToday, now);
    const min = this.config.ENGAGE_AUTOPILOT_MIN_SPACING_MINUTES;
    const stopCode = AUTOPILOT_STOP_CODES.find((code) => code === row.stoppedCode);
    return {
      enabled: row.enabled,
      paused: row.paused,
      dailyCap: row.dailyCap,
      hours: { start: row.hoursStart, end: row.hoursEnd, days: row.days },
      timeZone: row.timeZone,
      suggestion: SUGGESTION_KINDS.find((kind) => kind === row.suggestion) ?? 'question',
      personIds: chosen.map((c) => c.personId),
      status,
      sentToday,
      nextAt: nextAt?.toISOString() ?? null,
      stopped:
        stopCode && row.stoppedAt
          ? { code: stopCode, params: row.stoppedParams ?? {}, at: row.stoppedAt.toISOString() }
          : null,
      spacing: { minMinutes: min, maxMinutes: min * (1 + this.config.ENGAGE_AUTOPILOT_SPACING_JITTER) },
      limits: { minDailyCap: AUTOPILOT_LIMITS.minDailyCap, maxDailyCap: AUTOPILOT_LIMITS.maxDailyCap },
    };
  }

  /**
   * Saves the whole setting. The people must be the user's own (another's id reads as not
   * found). Turning it on clears a stop and starts it at once.
   */
  async save(
    userId: string,
    input: z.output<typeof saveAutopilotRequestSchema>,
    requestId?: string,
  ): Promise<Autopilot> {
    const personIds = [...new Set(input.personIds)];
    if (personIds.length > 0) {
      const own = await this.db
        .select({ id: people.id })
        .from(people)
        .where(and(eq(people.userId, userId), inArray(people.id, personIds)));
      if (own.length !== personIds.length) {
        throw new AppError('NOT_FOUND', 'One of these people is not in your list (they may have been removed).', {
          code: E.notFound,
        });
      }
    }
    if (input.enabled && personIds.length === 0) {
      throw new AppError('BAD_REQUEST', 'Choose at least one person for autopilot to comment on.', {
        code: A.noPeople,
      });
    }
    const values = {
      enabled: input.enabled,
      dailyCap: input.dailyCap,
      hoursStart: input.hours.start,
      hoursEnd: input.hours.end,
      days: input.hours.days,
      timeZone: input.timeZone,
      suggestion: input.suggestion,
      updatedAt: this.clock(),
      ...(input.enabled ? { stoppedCode: null, stoppedParams: null, stoppedAt: null } : {}),
    };
    // The upsert locks the row: a comment being sent finishes first, and none starts on the old setting after.
    await this.db.transaction(async (tx) => {
      await tx
        .insert(autopilotSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: autopilotSettings.userId, set: values });
      await tx.delete(autopilotPeople).where(eq(autopilotPeople.userId, userId));
      if (personIds.length > 0) {
        await tx.insert(autopilotPeople).values(personIds.map((personId) => ({ userId, personId })));
      }
    });
    if (input.enabled) await this.ticks.now(userId, requestId);
    return this.view(userId);
  }

  /**
   * Pauses or resumes. Once answered, no comment goes out while paused: the update waits for a
   * send in flight (which holds the row), and every tick reads the row before it sends.
   */
  async pause(userId: string, paused: boolean, requestId?: string): Promise<Autopilot> {
    const [row] = await this.db
      .insert(autopilotSettings)
      .values({ userId, paused, updatedAt: this.clock() })
      .onConflictDoUpdate({ target: autopilotSettings.userId, set: { paused, updatedAt: this.clock() } })
      .returning();
    if (!paused && row?.enabled && !row.stoppedCode) await this.ticks.now(userId, requestId);
    return this.view(userId);
  }

  /** The users whose autopilot should be running: each gets a tick at the worker's start. */
  async running(): Promise<string[]> {
    const rows = await this.db
      .select({ userId: autopilotSettings.userId, stoppedCode: autopilotSettings.stoppedCode })
      .from(autopilotSettings)
      .where(and(eq(autopilotSettings.enabled, true), eq(autopilotSettings.paused, false)));
    return rows.filter((r) => !r.stoppedCode).map((r) => r.userId);
  }
}

import type { AdminAction, AdminAuditEntry, API } from '@nashr/contracts';
import { desc } from 'drizzle-orm';
import { index, type PgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import type { FastifyRequest } from 'fastify';
import type { ServiceApp } from './http/app.js';
import { identityOf } from './http/identity.js';
import { route } from './http/route.js';

type AdminAuditEndpoint = (typeof API.adminAudit)[keyof typeof API.adminAudit];

/**
 * The audit trail of administrators' actions. Each service that performs an administrator's
 * action keeps the entry in its own schema (same table shape everywhere), and answers its own
 * list; the admin area shows the lists together.
 */
export function adminAuditTable(schema: PgSchema<string>) {
  return schema.table(
    'admin_audit',
    {
      id: uuid('id').primaryKey().defaultRandom(),
      actorId: uuid('actor_id').notNull(),
      actorEmail: text('actor_email').notNull(),
      action: text('action').notNull(),
      target: text('target').notNull(),
      /** The client address the gateway saw (it sets X-Forwarded-For; only the gateway reaches services). */
      ip: text('ip'),
      at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${schema.schemaName}_admin_audit_at_idx`).on(t.at)],
  );
}
export type AdminAuditTable = ReturnType<typeof adminAuditTable>;

/** The newest entries a list answers. */
export const ADMIN_AUDIT_LIST_LIMIT = 200;

// biome-ignore lint/suspicious/noExplicitAny: the audit works on any service's database
type AnyDb = PostgresJsDatabase<any>;

export class AdminAudit {
  constructor(
    private readonly db: AnyDb,
    private readonly table: AdminAuditTable,
    private readonly service: AdminAuditEntry['service'],
  ) {}

  /** Records what the administrator (the signed-in one of `request` unless named) just did. */
  async record(
    request: FastifyRequest,
    action: AdminAction,
    target: string,
    actor: { userId: string; email: string } = identityOf(request),
  ): Promise<void> {
    const { userId, email } = actor;
    await this.db
      .insert(this.table)
      .values({ actorId: userId, actorEmail: email, action, target, ip: clientIp(request) });
  }

  /** The newest entries first. */
  async list(limit = ADMIN_AUDIT_LIST_LIMIT): Promise<AdminAuditEntry[]> {
    const rows = await this.db.select().from(this.table).orderBy(desc(this.table.at)).limit(limit);
    return rows.map((row) => ({
      id: row.id,
      service: this.service,
      actorId: row.actorId,
      actorEmail: row.actorEmail,
      action: row.action as AdminAction,
      target: row.target,
      ip: row.ip,
      at: row.at.toISOString(),
    }));
  }
}

function clientIp(request: FastifyRequest): string | null {
  const forwarded = request.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || request.ip || null;
}

/** The service's audit entries, newest first, for administrators only (`API.adminAudit.<service>`). */
export function adminAuditRoutes(app: ServiceApp, audit: AdminAudit, endpoint: AdminAuditEndpoint): void {
  route(app, endpoint, { checkResponses: true }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await audit.list() };
  });
}

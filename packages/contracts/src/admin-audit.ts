import { z } from 'zod';

/** What an administrator can do that the audit trail records. */
export const ADMIN_ACTIONS = [
  'admin.sign_in',
  'content.save',
  'credits.set_plan',
  'credits.grant',
  'ops.queue_change',
  'library.add',
  'library.edit',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * The gateway's operations pages (the queue board) keep no database: the gateway hands each of
 * their changes to the auth service, which keeps it in its trail. Only the gateway reaches this
 * path (internal secret, outside /api/v1, so never proxied), with the administrator's identity.
 */
export const OPS_AUDIT_RECORD_PATH = '/internal/admin-audit/ops';
/** The longest target an entry keeps: the gateway cuts a longer address to it. */
export const OPS_AUDIT_TARGET_MAX = 500;
export const opsAuditRecordSchema = z.object({
  action: z.enum(['ops.queue_change']),
  /** What was changed, as the board's request named it: `PUT /api/queues/auth-mail/pause`. */
  target: z.string().min(1).max(OPS_AUDIT_TARGET_MAX),
});
export type OpsAuditRecord = z.infer<typeof opsAuditRecordSchema>;

/** The services that keep audit entries; the admin area asks each for its list. */
export const ADMIN_AUDIT_PARTS = ['auth', 'content', 'ai'] as const;

/** One entry: who, what, on what, from where, when. */
export const adminAuditEntrySchema = z.object({
  id: z.string().uuid(),
  service: z.enum(ADMIN_AUDIT_PARTS),
  actorId: z.string().uuid(),
  actorEmail: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  target: z.string(),
  ip: z.string().nullable(),
  at: z.string().datetime(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(adminAuditEntrySchema),
});

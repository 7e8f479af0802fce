import { adminAuditResponseSchema } from '../admin-audit.js';
import { defineEndpoint, type ServiceName } from './define.js';

const auditTrail = <const P extends string>(owner: ServiceName, path: P, what: string) =>
  defineEndpoint({
    method: 'GET',
    path,
    owner,
    access: 'admin',
    summary: `Audit trail: ${what}`,
    description:
      "Who, what, on what, from which address and when, newest first (at most 200). The admin area shows every service's entries together.",
    responses: { 200: { description: 'The entries, newest first', schema: adminAuditResponseSchema } },
  });

/** The audit trail of administrators' actions: each service keeps the entries of its own. */
export const adminAuditApi = {
  auth: auditTrail('auth', '/api/v1/auth/admin/audit', 'sign-ins with the admin role, changes on the queue board'),
  content: auditTrail('content', '/api/v1/content/admin/audit', 'landing content saves'),
  ai: auditTrail('ai', '/api/v1/ai/admin/audit', 'plan and credit grants'),
} as const;

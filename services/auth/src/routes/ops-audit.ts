import { OPS_AUDIT_RECORD_PATH, opsAuditRecordSchema } from '@nashr/contracts';
import { type AdminAudit, requireRole, type ServiceApp } from '@nashr/platform';

/**
 * `POST /internal/admin-audit/ops`: the gateway records an administrator's change on the
 * operations pages before making it. The entry joins this service's trail (the gateway has no
 * database), with the administrator and address the gateway forwards.
 */
export function opsAuditRoutes(app: ServiceApp, audit: AdminAudit): void {
  app.post(
    OPS_AUDIT_RECORD_PATH,
    { onRequest: requireRole('admin'), schema: { body: opsAuditRecordSchema } },
    async (request, reply) => {
      await audit.record(request, request.body.action, request.body.target);
      return reply.code(204).send();
    },
  );
}

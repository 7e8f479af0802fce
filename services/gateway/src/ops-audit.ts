import {
  COMMON_ERROR_CODES,
  IDENTITY_HEADERS,
  OPS_AUDIT_RECORD_PATH,
  OPS_AUDIT_TARGET_MAX,
  type OpsAuditRecord,
} from '@nashr/contracts';
import { identityHeaders } from '@nashr/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SAFE_METHODS } from './route-table.js';

const RECORD_TIMEOUT_MS = 3000;

export interface OpsAuditOptions {
  authUrl: string;
  internalSecret: string;
  /** Where the operations page is mounted: the entry names what was changed beneath it. */
  basePath: string;
}

/**
 * preHandler of an operations page: every change an administrator makes there (pause, resume,
 * retry, clean, remove a job...) enters the admin audit trail before it is made. When the trail
 * cannot be written the change is refused: no administrator's change goes unrecorded.
 */
export function recordOpsChanges(options: OpsAuditOptions) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method) || !request.identity) return;
    const path = (request.url.split('?')[0] ?? '').slice(options.basePath.length) || '/';
    const record: OpsAuditRecord = {
      action: 'ops.queue_change',
      target: `${request.method} ${path}`.slice(0, OPS_AUDIT_TARGET_MAX),
    };
    const recorded = await fetch(`${options.authUrl}${OPS_AUDIT_RECORD_PATH}`, {
      method: 'POST',
      headers: {
        ...identityHeaders(request.identity, options.internalSecret),
        [IDENTITY_HEADERS.requestId]: request.id,
        'x-forwarded-for': request.ip,
        'content-type': 'application/json',
      },
      body: JSON.stringify(record),
      signal: AbortSignal.timeout(RECORD_TIMEOUT_MS),
    }).then(
      (answer) => answer.ok,
      () => false,
    );
    if (recorded) return;
    request.log.error({ target: record.target }, 'ops change refused: the audit trail could not be written');
    return reply.code(503).header('cache-control', 'no-store').send({
      success: false,
      code: COMMON_ERROR_CODES.unavailable,
      message: 'The change could not be recorded in the audit trail, so it was not made. Please try again in a moment.',
    });
  };
}

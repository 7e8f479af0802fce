import { ADMIN_AUDIT_PARTS, type AdminAuditEntry } from '@nashr/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminAuditApi } from '../../lib/api/catalogue';
import { call } from '../../lib/api/client';

export interface AuditTrail {
  /** Every service's entries together, newest first. */
  entries: AdminAuditEntry[];
  /** The first failure of a service that could not answer: its entries are missing from the list. */
  failure: unknown;
}

/**
 * The audit trail of administrators' actions: each service that performs such actions keeps and
 * answers its own entries; the admin area shows them together. One service being down leaves its
 * entries out instead of hiding the others.
 */
async function fetchAuditTrail(): Promise<AuditTrail> {
  const parts = await Promise.allSettled(
    ADMIN_AUDIT_PARTS.map(async (part) => {
      const answer = await call(adminAuditApi[part]);
      return answer.data;
    }),
  );
  const failed = parts.find((part) => part.status === 'rejected');
  if (failed && parts.every((part) => part.status === 'rejected')) throw failed.reason;
  return {
    entries: parts
      .flatMap((part) => (part.status === 'fulfilled' ? part.value : []))
      .sort((a, b) => b.at.localeCompare(a.at)),
    failure: failed ? failed.reason : null,
  };
}

export function useAuditTrail() {
  return useQuery({ queryKey: ['admin', 'audit'], queryFn: fetchAuditTrail, staleTime: 0 });
}

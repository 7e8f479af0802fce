import {
  type EndpointSpec,
  roleAtLeast,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HEADER,
  type WorkspaceRole,
} from '@nashr/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { identityOf } from '../http/identity.js';
import { awaitCopy } from '../http/read-your-writes.js';
import type { WorkspaceMemberStore } from './member-store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who a request acts as, and in which workspace: what its reads and writes are bounded by. */
export interface Acting {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
}

/**
 * The one place a request's workspace is settled, for the endpoints that declare `workspace` in
 * the catalogue: the `Nashr-Workspace` header names it (the caller's personal one when absent),
 * and the caller must hold at least the endpoint's role there in the copy of the members.
 */
export class WorkspaceAccess {
  constructor(private readonly members: Pick<WorkspaceMemberStore, 'roleOf' | 'newestVersion'>) {}

  async of(request: FastifyRequest, endpoint: Pick<EndpointSpec, 'method' | 'path' | 'workspace'>): Promise<Acting> {
    const needed = endpoint.workspace;
    // A programming error, not the caller's: the catalogue entry must say which role it needs.
    if (!needed) throw new Error(`${endpoint.method} ${endpoint.path} declares no workspace role`);
    const { userId } = identityOf(request);
    const header = request.headers[WORKSPACE_HEADER];
    if (Array.isArray(header)) throw headerInvalid();
    const named = header?.trim().toLowerCase();
    // The personal workspace's id is its account's: its only member, the owner, needs no lookup.
    if (!named || named === userId.toLowerCase()) return { userId, workspaceId: userId, role: 'owner' };
    if (!UUID.test(named)) throw headerInvalid();
    // A caller who just made or joined a workspace (or had their role changed) is answered from
    // the copy that holds that change: auth's versions are one sequence for all workspaces, so
    // the copy has caught up once its newest version reaches the caller's stamp.
    await awaitCopy(request, 'memberships', () => this.members.newestVersion());
    const role = await this.members.roleOf(named, userId);
    // Not a member and no such workspace answer alike: ids of others' workspaces are not confirmed.
    if (!role) {
      throw new AppError('NOT_FOUND', 'This workspace does not exist, or you are not a member of it', {
        code: WORKSPACE_ERROR_CODES.notFound,
      });
    }
    if (!roleAtLeast(role, needed)) {
      throw new AppError('FORBIDDEN', 'Your role in this workspace does not allow this', {
        code: WORKSPACE_ERROR_CODES.roleTooLow,
        params: { role },
      });
    }
    return { userId, workspaceId: named, role };
  }
}

const headerInvalid = () =>
  new AppError('BAD_REQUEST', 'The Nashr-Workspace header must be the id of a workspace', {
    code: WORKSPACE_ERROR_CODES.headerInvalid,
  });

import {
  WORKSPACE_ROLES,
  type WorkspaceMembersChanged,
  type WorkspaceRole,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import { and, eq, inArray, max, or, sql } from 'drizzle-orm';
import { bigint, getTableConfig, index, type PgSchema, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { handleJob } from '../queues.js';

/**
 * The tables of a service's copy of the members of shared workspaces, in the service's own schema
 * (same shape everywhere): what a request naming a workspace is checked against.
 */
export function workspaceMemberTables(schema: PgSchema<string>) {
  const workspaceRole = schema.enum('workspace_role', WORKSPACE_ROLES);
  /**
   * The members of each shared workspace and their roles, as the auth service last announced them
   * (`workspace-members-changed`). A personal workspace's own account is its owner without a
   * lookup; its other members, once it has some, are here like any workspace's.
   */
  const workspaceMembers = schema.table(
    'workspace_members',
    {
      workspaceId: uuid('workspace_id').notNull(),
      userId: uuid('user_id').notNull(),
      role: workspaceRole('role').notNull(),
    },
    (t) => [
      primaryKey({ columns: [t.workspaceId, t.userId] }),
      // A deleted account leaves every workspace at once.
      index('workspace_members_user_idx').on(t.userId),
    ],
  );
  /**
   * The version of each workspace's member list the copy holds. Kept after the workspace is gone
   * (its members removed), so that a late, older event cannot bring its members back.
   */
  const workspaceVersions = schema.table('workspace_versions', {
    workspaceId: uuid('workspace_id').primaryKey(),
    /** Auth's versions come from one sequence for every workspace (a bigint). */
    version: bigint('version', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  });
  return { workspaceRole, workspaceMembers, workspaceVersions };
}
export type WorkspaceMemberTables = Omit<ReturnType<typeof workspaceMemberTables>, 'workspaceRole'>;

// biome-ignore lint/suspicious/noExplicitAny: the copy works on any service's database
type AnyDb = PostgresJsDatabase<any>;

/**
 * A service's copy of the members of shared workspaces, kept from the auth service's
 * `workspace-members-changed` events: each event carries a workspace's whole member list, so the
 * copy keeps only the newest one and any later event mends a copy that missed one.
 */
export class WorkspaceMemberStore {
  /**
   * Built once: every request naming a shared workspace asks this before its own query, and
   * building the statement anew each time took several times its round trip to PostgreSQL
   * (bench/workspaces times the check; it may add at most 1 ms at p95).
   */
  private readonly role;
  private readonly members;
  private readonly versions;

  constructor(
    private readonly db: AnyDb,
    { workspaceMembers, workspaceVersions }: WorkspaceMemberTables,
  ) {
    this.members = workspaceMembers;
    this.versions = workspaceVersions;
    this.role = db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, sql.placeholder('workspaceId')),
          eq(workspaceMembers.userId, sql.placeholder('userId')),
        ),
      )
      // Named by the service's schema: each service's statement reads its own copy.
      .prepare(`${getTableConfig(workspaceMembers).schema}_workspace_role_of`);
  }

  /**
   * Replaces the workspace's members with the event's when its version is higher than the one
   * kept; an older or repeated event changes nothing (false). An empty list: the workspace is
   * gone, and so are its members here. One transaction: raising the version locks its row, so two
   * events of one workspace handled at once take turns and the higher version's list stays.
   */
  apply(event: WorkspaceMembersChanged): Promise<boolean> {
    const { members: workspaceMembers, versions: workspaceVersions } = this;
    return this.db.transaction(async (tx) => {
      const raised = await tx
        .insert(workspaceVersions)
        .values({ workspaceId: event.workspaceId, version: event.version })
        .onConflictDoUpdate({
          target: workspaceVersions.workspaceId,
          set: { version: event.version, updatedAt: sql`now()` },
          setWhere: sql`${workspaceVersions.version} < excluded.version`,
        })
        .returning({ version: workspaceVersions.version });
      if (!raised.length) return false;
      await tx.delete(workspaceMembers).where(eq(workspaceMembers.workspaceId, event.workspaceId));
      // One row per member even should a list name someone twice (the last role said wins).
      const members = new Map(event.members.map((m) => [m.userId, m.role]));
      if (members.size) {
        await tx
          .insert(workspaceMembers)
          .values([...members].map(([userId, role]) => ({ workspaceId: event.workspaceId, userId, role })));
      }
      return true;
    });
  }

  /** The user's role in a shared workspace, or null when not a member (or no such workspace). */
  async roleOf(workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
    const [row] = await this.role.execute({ workspaceId, userId });
    return row?.role ?? null;
  }

  /** Whether the user is a member of the workspace (a personal workspace's own account is its owner). */
  async isMember(workspaceId: string, userId: string): Promise<boolean> {
    return workspaceId === userId || (await this.roleOf(workspaceId, userId)) !== null;
  }

  /**
   * Who reviews in the workspace: its owners and admins. A personal workspace's own account is its
   * owner even when the copy lists only the others it let in.
   */
  async reviewersOf(workspaceId: string): Promise<string[]> {
    const { members: workspaceMembers } = this;
    const rows = await this.db
      .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.role, ['owner', 'admin'])));
    const ids = rows.map((r) => r.userId);
    if (!rows.some((r) => r.role === 'owner') && !ids.includes(workspaceId)) ids.push(workspaceId);
    return ids;
  }

  /** The highest version of any member list the copy holds (0 when none): how far it has caught up. */
  async newestVersion(): Promise<number> {
    const [row] = await this.db.select({ newest: max(this.versions.version) }).from(this.versions);
    return row?.newest ?? 0;
  }

  /**
   * A deleted account leaves every workspace it was in (auth's next member list says so too), and
   * its personal workspace (whose id is the account's) goes with it, with whoever was in it.
   */
  async deleteUser(userId: string): Promise<number> {
    const { members: workspaceMembers, versions: workspaceVersions } = this;
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .delete(workspaceMembers)
        .where(or(eq(workspaceMembers.userId, userId), eq(workspaceMembers.workspaceId, userId)))
        .returning({ workspaceId: workspaceMembers.workspaceId });
      await tx.delete(workspaceVersions).where(eq(workspaceVersions.workspaceId, userId));
      return rows.length;
    });
  }
}

/**
 * The handler that keeps a service's copy: a shared workspace's members changed, so the newest
 * whole list is kept (older or repeated events change nothing). An empty list means the workspace
 * is gone for good (a workspace never comes back): `forgetWorkspace` deletes what the service kept
 * in it, on every delivery, so a retried job finishes what a failed one began; what it answers is
 * logged with the copy.
 */
export function copyWorkspaceMembers(
  members: WorkspaceMemberStore,
  forgetWorkspace: (workspaceId: string) => Promise<Record<string, number>>,
) {
  return handleJob(workspaceMembersChangedEvent, async (event, _job, log) => {
    const stored = await members.apply(event);
    const gone = event.members.length === 0 ? await forgetWorkspace(event.workspaceId) : null;
    log.info(
      {
        workspaceId: event.workspaceId,
        version: event.version,
        members: event.members.length,
        stored,
        ...gone,
      },
      'workspace members copied',
    );
    return { stored };
  });
}

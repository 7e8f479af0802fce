import type { WorkspaceMembersChanged, WorkspaceRole } from '@nashr/contracts';
import { and, eq, inArray, max, or, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { type schema, workspaceMembers, workspaceVersions } from '../db/schema.js';

type Db = PostgresJsDatabase<typeof schema>;

/**
 * The posts service's copy of the members of shared workspaces, kept from the auth service's
 * `workspace-members-changed` events: each event carries a workspace's whole member list, so the
 * copy keeps only the newest one and any later event mends a copy that missed one.
 */
export class WorkspaceMemberStore {
  constructor(private readonly db: Db) {}

  /**
   * Replaces the workspace's members with the event's when its version is higher than the one
   * kept; an older or repeated event changes nothing (false). An empty list: the workspace is
   * gone, and so are its members here. One transaction: raising the version locks its row, so two
   * events of one workspace handled at once take turns and the higher version's list stays.
   */
  apply(event: WorkspaceMembersChanged): Promise<boolean> {
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
    const [row] = await this.db
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
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
    const [row] = await this.db.select({ newest: max(workspaceVersions.version) }).from(workspaceVersions);
    return row?.newest ?? 0;
  }

  /**
   * A deleted account leaves every workspace it was in (auth's next member list says so too), and
   * its personal workspace (whose id is the account's) goes with it, with whoever was in it.
   */
  async deleteUser(userId: string): Promise<number> {
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

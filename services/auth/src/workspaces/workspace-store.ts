import {
  type AssignableWorkspaceRole,
  type EntitlementChanged,
  PLAN_CATALOGUE,
  WORKSPACE_INVITATION_TTL_DAYS,
  WORKSPACE_MANAGER_ROLES,
  type WorkspaceRole,
} from '@nashr/contracts';
import { and, asc, count, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import {
  type schema,
  users,
  type WorkspaceInvitationRow,
  type WorkspaceRow,
  workspaceInvitations,
  workspaceMemberAnnouncements,
  workspaceMembers,
  workspacePlans,
  workspaces,
} from '../db/schema.js';
import { hashToken, newLinkToken, TOKEN_PATTERN } from '../magic-links.js';

type Db = PostgresJsDatabase<typeof schema>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The most workspaces a list answers (one may be invited to many; each list has a bound). */
export const WORKSPACE_LIST_BOUND = 200;

export interface MyWorkspace extends WorkspaceRow {
  role: WorkspaceRole;
}

/** Why a change to a workspace was refused: the routes answer each with its own code. */
export type Refusal =
  | 'not_found'
  | 'role_too_low'
  | 'member_not_found'
  | 'owner_protected'
  | 'own_membership'
  | 'last_owner'
  | 'personal'
  | 'already_member'
  | 'limit_reached'
  | 'seats_taken'
  | 'invitation_not_found';

export type AcceptRefusal =
  | 'invitation_not_found'
  | 'invitation_used'
  | 'invitation_expired'
  | 'other_address'
  | 'already_member'
  | 'seats_taken';

/** A refusal; `max` names the plan's limit that was reached. */
const refused = <R extends string>(reason: R, max?: number) => ({ refused: reason, max }) as const;
type Outcome<T, R extends string = Refusal> = { refused: R; max?: number | undefined } | { ok: T };
const ok = <T>(value: T) => ({ ok: value }) as const;

const isManager = (role: WorkspaceRole) => WORKSPACE_MANAGER_ROLES.includes(role);

/**
 * Workspaces, their members and invitations. Every change to a workspace's members first locks
 * the workspace's row, so changes to one workspace happen one at a time: two invitations at once
 * cannot pass the limit, and a role is always read as it is when the change is made (a member
 * removed a moment ago is no longer one).
 */
export class WorkspaceStore {
  constructor(private readonly db: Db) {}

  /** The workspaces of a user, with their role in each: the personal one first, then by name. */
  async list(userId: string): Promise<MyWorkspace[]> {
    const rows = await this.db
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(sql`${workspaces.personalOf} is null`, asc(workspaces.name), asc(workspaces.id))
      .limit(WORKSPACE_LIST_BOUND);
    return rows.map(({ workspace, role }) => ({ ...workspace, role }));
  }

  /** True when the user belongs to a workspace someone else owns (any role but owner). */
  async memberElsewhere(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, userId), ne(workspaceMembers.role, 'owner')))
      .limit(1);
    return row !== undefined;
  }

  /** The user's workspaces for 'Download my data': each one's name, their role, and when they joined. */
  async exportOf(userId: string) {
    const rows = await this.db
      .select({
        name: workspaces.name,
        personalOf: workspaces.personalOf,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(asc(workspaceMembers.createdAt));
    return rows.map((row) => ({
      name: row.name,
      personal: row.personalOf !== null,
      role: row.role,
      joinedAt: row.joinedAt.toISOString(),
    }));
  }

  /**
   * Each workspace's members as they are now, with the version of that list, in one statement (so
   * the list and its version agree). A workspace that is gone reads as no members, at a version
   * newer than any it had.
   */
  async memberLists(workspaceIds: readonly string[]) {
    if (workspaceIds.length === 0) return [];
    const rows = await this.db
      .select({
        workspaceId: workspaces.id,
        version: workspaces.membersVersion,
        members: sql<{ userId: string; role: WorkspaceRole }[]>`coalesce(
          (select json_agg(json_build_object('userId', m.user_id, 'role', m.role))
             from ${workspaceMembers} m where m.workspace_id = ${workspaces.id}), '[]'::json)`,
      })
      .from(workspaces)
      .where(inArray(workspaces.id, [...workspaceIds]));
    const gone = workspaceIds.filter((id) => !rows.some((row) => row.workspaceId === id));
    for (const workspaceId of gone) {
      const [next] = await this.db.execute<{ version: string }>(
        sql`select nextval('auth.workspace_members_version') as version`,
      );
      rows.push({ workspaceId, version: Number(next?.version), members: [] });
    }
    return rows;
  }

  /**
   * Workspaces whose member list changed at least `olderThanMs` ago and has not been announced
   * since (the outbox the members trigger writes), at most `limit`, oldest change first.
   */
  async unannounced(olderThanMs: number, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ workspaceId: workspaceMemberAnnouncements.workspaceId })
      .from(workspaceMemberAnnouncements)
      .where(lte(workspaceMemberAnnouncements.changedAt, sql`now() - ${`${olderThanMs} milliseconds`}::interval`))
      .orderBy(asc(workspaceMemberAnnouncements.changedAt))
      .limit(limit);
    return rows.map((row) => row.workspaceId);
  }

  /** The list at `version` is announced: the outbox row goes, unless a later change wrote it again. */
  async announced(workspaceId: string, version: number): Promise<void> {
    await this.db
      .delete(workspaceMemberAnnouncements)
      .where(
        and(
          eq(workspaceMemberAnnouncements.workspaceId, workspaceId),
          lte(workspaceMemberAnnouncements.version, version),
        ),
      );
  }

  /** Keeps what the user's plan allows of workspaces when the event is newer than the copy. */
  async applyPlan(event: Pick<EntitlementChanged, 'userId' | 'version' | 'active' | 'limits'>): Promise<boolean> {
    const values = {
      userId: event.userId,
      version: event.version,
      active: event.active,
      workspaces: event.limits.workspaces,
      seats: event.limits.seats,
    };
    // Only for an account that still exists: a late event of a deleted one keeps nothing.
    const rows = await this.db.execute(sql`
      insert into ${workspacePlans} (user_id, version, active, workspaces, seats)
      select ${values.userId}, ${values.version}, ${values.active}, ${values.workspaces}, ${values.seats}
      where exists (select 1 from ${users} where ${users.id} = ${values.userId})
      on conflict (user_id) do update set version = excluded.version, active = excluded.active,
        workspaces = excluded.workspaces, seats = excluded.seats
      where ${workspacePlans.version} < excluded.version
      returning 1`);
    return rows.length > 0;
  }

  /**
   * What the account's plan allows of workspaces: the trial's until billing has spoken; once a plan
   * has ended, only the personal workspace and no one else in what it owns.
   */
  private async planOf(tx: Tx, userId: string): Promise<{ workspaces: number; seats: number }> {
    const [plan] = await tx.select().from(workspacePlans).where(eq(workspacePlans.userId, userId));
    if (!plan) return PLAN_CATALOGUE.trial.limits;
    return plan.active ? plan : { workspaces: 1, seats: 1 };
  }

  /**
   * Refuses a new member (an invitation or its acceptance) when the workspace's seats are taken:
   * members and invitations still waiting, against its owner's plan. `except` leaves out the
   * waiting invitation of one address (it is being replaced, or accepted). Runs with the
   * workspace's row locked, so parallel invitations take turns.
   */
  private async seatsRefusal(tx: Tx, workspaceId: string, except: string) {
    const [owner] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, 'owner')));
    if (!owner) return null;
    const { seats } = await this.planOf(tx, owner.userId);
    const [taken] = await tx.execute<{ n: number }>(sql`
      select (select count(*) from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${workspaceId})
        + (select count(*) from ${workspaceInvitations}
           where ${workspaceInvitations.workspaceId} = ${workspaceId} and ${waiting()}
             and ${workspaceInvitations.email} <> ${except})::int as n`);
    return Number(taken?.n ?? 0) >= seats ? refused('seats_taken', seats) : null;
  }

  /** A new workspace owned by the user, unless their plan's workspaces are all taken (decided one at a time per user). */
  async create(userId: string, name: string): Promise<Outcome<MyWorkspace>> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`workspace-create:${userId}`}))`);
      const [owned] = await tx
        .select({ n: count() })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
      const { workspaces: allowed } = await this.planOf(tx, userId);
      if ((owned?.n ?? 0) >= allowed) return refused('limit_reached', allowed);
      const [workspace] = await tx.insert(workspaces).values({ name }).returning();
      if (!workspace) throw new Error('The workspace was not stored');
      await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId, role: 'owner' });
      return ok({ ...workspace, role: 'owner' as const });
    });
  }

  /**
   * Locks the workspace's row and reads the caller's role in it; a workspace the caller is not a
   * member of reads as missing.
   */
  private async enter(tx: Tx, workspaceId: string, userId: string): Promise<MyWorkspace | null> {
    await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId)).for('update');
    const [row] = await tx
      .select({ workspace: workspaces, role: workspaceMembers.role })
      .from(workspaces)
      .innerJoin(
        workspaceMembers,
        and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
      )
      .where(eq(workspaces.id, workspaceId));
    return row ? { ...row.workspace, role: row.role } : null;
  }

  /** Runs `change` with the workspace locked, if the caller is a manager of it. */
  private managed<T>(
    workspaceId: string,
    userId: string,
    change: (tx: Tx, workspace: MyWorkspace) => Promise<Outcome<T>>,
  ): Promise<Outcome<T>> {
    return this.db.transaction(async (tx) => {
      const workspace = await this.enter(tx, workspaceId, userId);
      if (!workspace) return refused('not_found');
      if (!isManager(workspace.role)) return refused('role_too_low');
      return change(tx, workspace);
    });
  }

  private async roleOf(tx: Tx, workspaceId: string, userId: string): Promise<WorkspaceRole | null> {
    const [row] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
    return row?.role ?? null;
  }

  async rename(userId: string, workspaceId: string, name: string): Promise<Outcome<MyWorkspace>> {
    return this.managed(workspaceId, userId, async (tx, workspace) => {
      await tx.update(workspaces).set({ name }).where(eq(workspaces.id, workspaceId));
      return ok({ ...workspace, name });
    });
  }

  /** The ids of a workspace's owners and admins (none when it is gone). */
  async managers(workspaceId: string): Promise<string[]> {
    const rows = await this.db
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.workspaceId, workspaceId),
          inArray(workspaceMembers.role, [...WORKSPACE_MANAGER_ROLES]),
        ),
      );
    return rows.map((row) => row.userId);
  }

  /** The members (owner first), and the waiting invitations for a manager (null for the other roles). */
  async members(userId: string, workspaceId: string) {
    const role = await this.db.transaction((tx) => this.roleOf(tx, workspaceId, userId));
    if (!role) return null;
    const members = await this.db
      .select({
        userId: workspaceMembers.userId,
        email: users.email,
        role: workspaceMembers.role,
        joinedAt: workspaceMembers.createdAt,
      })
      .from(workspaceMembers)
      .innerJoin(users, eq(users.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      // The enum sorts in its declared order: owner first, viewers last.
      .orderBy(asc(workspaceMembers.role), asc(users.email));
    const invitations = isManager(role)
      ? await this.db
          .select()
          .from(workspaceInvitations)
          .where(and(eq(workspaceInvitations.workspaceId, workspaceId), waiting()))
          .orderBy(asc(workspaceInvitations.createdAt))
      : null;
    return { members, invitations };
  }

  /**
   * Invites an address with a role; a waiting invitation to the same address is replaced (new
   * role, new expiry, its old link void). The token is minted when it is mailed.
   */
  async invite(
    userId: string,
    workspaceId: string,
    input: { email: string; role: AssignableWorkspaceRole },
  ): Promise<Outcome<WorkspaceInvitationRow>> {
    const email = input.email.toLowerCase();
    return this.managed(workspaceId, userId, async (tx) => {
      const [member] = await tx
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(users.email, email)));
      if (member) return refused('already_member');
      const full = await this.seatsRefusal(tx, workspaceId, email);
      if (full) return full;
      // A waiting invitation to the same address is replaced, not updated: a new id, so a mail
      // still queued for the old one is not sent, and its link stops working.
      await tx
        .delete(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            eq(workspaceInvitations.email, email),
            isNull(workspaceInvitations.acceptedAt),
          ),
        );
      const [invitation] = await tx
        .insert(workspaceInvitations)
        .values({
          workspaceId,
          email,
          role: input.role,
          invitedBy: userId,
          expiresAt: sql`now() + make_interval(days => ${WORKSPACE_INVITATION_TTL_DAYS})`,
        })
        .returning();
      if (!invitation) throw new Error('The invitation was not stored');
      return ok(invitation);
    });
  }

  /** Withdraws a waiting invitation: its link reads as unknown from then on. */
  async revokeInvitation(userId: string, workspaceId: string, invitationId: string): Promise<Outcome<true>> {
    return this.managed(workspaceId, userId, async (tx) => {
      const gone = await tx
        .delete(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.id, invitationId),
            eq(workspaceInvitations.workspaceId, workspaceId),
            isNull(workspaceInvitations.acceptedAt),
          ),
        )
        .returning({ id: workspaceInvitations.id });
      return gone.length > 0 ? ok(true) : refused('invitation_not_found');
    });
  }

  /**
   * What the worker mails: a waiting invitation with its workspace's name and who invited, and a
   * token minted now (only its hash is kept, replacing any earlier one). Null when there is
   * nothing to mail any more (accepted, withdrawn or expired).
   */
  async mintInvitationLink(invitationId: string) {
    const token = newLinkToken();
    const [row] = await this.db
      .update(workspaceInvitations)
      .set({ tokenHash: hashToken(token) })
      .where(and(eq(workspaceInvitations.id, invitationId), waiting()))
      .returning();
    if (!row) return null;
    const [about] = await this.db
      .select({ name: workspaces.name, inviter: users.email })
      .from(workspaces)
      .leftJoin(users, eq(users.id, sql`${row.invitedBy}::uuid`))
      .where(eq(workspaces.id, row.workspaceId));
    if (!about) return null;
    return { invitation: row, token, workspaceName: about.name, inviterEmail: about.inviter };
  }

  /**
   * Joins the user to the invitation's workspace with its role. The invitation's row is locked,
   * so of two acceptances at once exactly one joins and the other reads 'used'.
   */
  async accept(user: { id: string; email: string }, token: string): Promise<Outcome<MyWorkspace, AcceptRefusal>> {
    if (!TOKEN_PATTERN.test(token)) return refused('invitation_not_found');
    return this.db.transaction(async (tx) => {
      const [invitation] = await tx
        .select({ row: workspaceInvitations, live: sql<boolean>`${workspaceInvitations.expiresAt} > now()` })
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.tokenHash, hashToken(token)))
        .for('update');
      if (!invitation) return refused('invitation_not_found');
      const { row } = invitation;
      if (row.acceptedAt) return refused('invitation_used');
      if (!invitation.live) return refused('invitation_expired');
      if (row.email !== user.email.toLowerCase()) return refused('other_address');
      const workspace = await this.enter(tx, row.workspaceId, user.id);
      if (workspace) return refused('already_member');
      // An invitation sent before the owner's plan shrank finds no seat.
      const full = await this.seatsRefusal(tx, row.workspaceId, row.email);
      if (full) return full;
      await tx.insert(workspaceMembers).values({ workspaceId: row.workspaceId, userId: user.id, role: row.role });
      await tx
        .update(workspaceInvitations)
        .set({ acceptedAt: sql`now()`, acceptedBy: user.id })
        .where(eq(workspaceInvitations.id, row.id));
      const [joined] = await tx.select().from(workspaces).where(eq(workspaces.id, row.workspaceId));
      if (!joined) throw new Error('The workspace of a live invitation is gone');
      return ok({ ...joined, role: row.role });
    });
  }

  /** Gives a member another role (not owner, and not the owner's): managers only, never their own. */
  async changeRole(
    userId: string,
    workspaceId: string,
    memberId: string,
    role: AssignableWorkspaceRole,
  ): Promise<Outcome<true>> {
    return this.managed(workspaceId, userId, async (tx) => {
      const refusal = await this.otherMemberRefusal(tx, userId, workspaceId, memberId);
      if (refusal) return refused(refusal);
      await tx
        .update(workspaceMembers)
        .set({ role })
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId)));
      return ok(true);
    });
  }

  /** Removes a member other than the owner and the caller: managers only. */
  async removeMember(userId: string, workspaceId: string, memberId: string): Promise<Outcome<true>> {
    return this.managed(workspaceId, userId, async (tx) => {
      const refusal = await this.otherMemberRefusal(tx, userId, workspaceId, memberId);
      if (refusal) return refused(refusal);
      await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, memberId)));
      return ok(true);
    });
  }

  private async otherMemberRefusal(tx: Tx, userId: string, workspaceId: string, memberId: string) {
    if (memberId === userId) return 'own_membership' as const;
    const role = await this.roleOf(tx, workspaceId, memberId);
    if (!role) return 'member_not_found' as const;
    if (role === 'owner') return 'owner_protected' as const;
    return null;
  }

  /** Leaves a workspace; its owner cannot (a workspace always has one): ownership is transferred first. */
  async leave(userId: string, workspaceId: string): Promise<Outcome<true>> {
    return this.db.transaction(async (tx) => {
      const workspace = await this.enter(tx, workspaceId, userId);
      if (!workspace) return refused('not_found');
      if (workspace.role === 'owner') return refused('last_owner');
      await tx
        .delete(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
      return ok(true);
    });
  }

  /** Makes another member the owner and the owner an admin; a personal workspace stays its account's. */
  async transfer(userId: string, workspaceId: string, memberId: string): Promise<Outcome<true>> {
    return this.db.transaction(async (tx) => {
      const workspace = await this.enter(tx, workspaceId, userId);
      if (!workspace) return refused('not_found');
      if (workspace.role !== 'owner') return refused('role_too_low');
      if (workspace.personalOf) return refused('personal');
      if (memberId === userId) return refused('own_membership');
      if (!(await this.roleOf(tx, workspaceId, memberId))) return refused('member_not_found');
      const inWorkspace = (id: string) =>
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, id));
      // The former owner steps down first: a workspace has one owner at every moment (a unique index).
      await tx.update(workspaceMembers).set({ role: 'admin' }).where(inWorkspace(userId));
      await tx.update(workspaceMembers).set({ role: 'owner' }).where(inWorkspace(memberId));
      return ok(true);
    });
  }
}

/**
 * What becomes of the workspaces an account owns when the account is deleted, inside the
 * deletion's transaction. A shared workspace with other members passes to the one who ranks next
 * (the highest role, then the longest standing): a team keeps its workspace when one person
 * leaves Nashr. The personal workspace, and any with nobody else in it, goes with the account.
 *
 * Every workspace the account belongs to is locked first, in id order, as every change to its
 * members locks it: so the roles read next are final. An account made owner a moment ago by
 * another deletion (its owner leaving too) hands that workspace on as well, and two members
 * deleting their accounts at once wait for each other instead of deadlocking.
 */
export async function settleOwnedWorkspaces(tx: Tx, userId: string) {
  const theirs = await tx
    .select()
    .from(workspaces)
    .where(
      inArray(
        workspaces.id,
        tx
          .select({ id: workspaceMembers.workspaceId })
          .from(workspaceMembers)
          .where(eq(workspaceMembers.userId, userId)),
      ),
    )
    .orderBy(asc(workspaces.id))
    .for('update');
  const owned = await tx
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, 'owner')));
  const handedOver: { workspaceId: string; ownerId: string }[] = [];
  const deleted: string[] = [];
  for (const { id } of owned) {
    const workspace = theirs.find((locked) => locked.id === id);
    if (!workspace) continue;
    const [successor] = workspace.personalOf
      ? []
      : await tx
          .select({ userId: workspaceMembers.userId })
          .from(workspaceMembers)
          .where(and(eq(workspaceMembers.workspaceId, id), ne(workspaceMembers.userId, userId)))
          // The enum sorts in its declared order: admins before editors, and so on.
          .orderBy(asc(workspaceMembers.role), asc(workspaceMembers.createdAt), asc(workspaceMembers.userId))
          .limit(1);
    if (!successor) {
      await tx.delete(workspaces).where(eq(workspaces.id, id));
      deleted.push(id);
      continue;
    }
    // The leaving owner's row goes first: a workspace has one owner at every moment (a unique index).
    await tx
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, userId)));
    await tx
      .update(workspaceMembers)
      .set({ role: 'owner' })
      .where(and(eq(workspaceMembers.workspaceId, id), eq(workspaceMembers.userId, successor.userId)));
    handedOver.push({ workspaceId: id, ownerId: successor.userId });
  }
  return { handedOver, deleted, memberOf: theirs.map((workspace) => workspace.id) };
}

/** An invitation that can still be accepted. */
const waiting = () => and(isNull(workspaceInvitations.acceptedAt), gt(workspaceInvitations.expiresAt, sql`now()`));

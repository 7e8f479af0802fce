/**
 * Workspaces through the real auth service: real PostgreSQL (the migration, the trigger that
 * makes each account's personal workspace, the locks that keep the limits), the real mail worker
 * sending invitations over SMTP to the catcher, and each refusal with its declared code.
 */
import {
  CHANGED_HEADER,
  WORKSPACE_ERROR_CODES as E,
  entitlementChangedEvent,
  membersAnnounceTickJob,
  PLAN_CATALOGUE,
  type PlanId,
  QUEUES,
  WORKSPACE_ACCEPT_PATH,
  WORKSPACE_NAME_MAX,
  type Workspace,
  type WorkspaceInvitation,
  type WorkspaceMember,
  type WorkspaceMembersChanged,
  workspaceMembersChangedEvent,
} from '@nashr/contracts';
import { createDatabase, runMigrations } from '@nashr/platform';
import { createTestDatabase, migrateBefore } from '@nashr/platform/testing';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, workspaceMemberAnnouncements } from './db/schema.js';
import { hashToken } from './magic-links.js';
import { MIGRATIONS_FOLDER } from './migrations.js';
import {
  asGateway,
  type Harness,
  mailsTo,
  PUBLIC_URL,
  type StoredUser,
  signInByMail,
  startHarness,
  storedUser,
  until,
} from './test-harness.js';
import { UserStore } from './users/user-store.js';
import { announceMembers } from './workspaces/announce-members.js';
import { WorkspaceStore } from './workspaces/workspace-store.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
}, 60_000);

afterAll(async () => {
  await h?.close();
});

let counter = 0;
const newUser = (name: string) => storedUser(h, `${name}-${++counter}@workspaces.test`);

type Caller = Pick<StoredUser, 'headers'>;

/** What the routes answer, success or refusal, read loosely: each test looks at the part it checks. */
interface Answer {
  code?: string;
  params?: Record<string, unknown>;
  data: {
    workspace: Workspace;
    workspaces: Workspace[];
    members: WorkspaceMember[];
    invitations: WorkspaceInvitation[] | null;
    invitation: WorkspaceInvitation;
  };
}

async function call(user: Caller, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const res = await h.app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.json() as Answer };
}

const list = async (user: Caller) => (await call(user, 'GET', '/api/v1/workspaces')).body.data.workspaces;

async function createWorkspace(user: Caller, name = 'Team') {
  const res = await call(user, 'POST', '/api/v1/workspaces', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.workspace.id;
}

/** The token of the newest invitation mail to `email`, once it has arrived (there were `before` already). */
async function invitationToken(email: string, before: number): Promise<string> {
  const mails = await until(
    `invitation mail to ${email}`,
    () => mailsTo(h, email),
    (m) => m.length > before,
  );
  const text = mails[0]?.text ?? '';
  const match = new RegExp(`${PUBLIC_URL}${WORKSPACE_ACCEPT_PATH}#token=([A-Za-z0-9_%-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no accept link in: ${text}`);
  return decodeURIComponent(match[1]);
}

/** Invites `email` into the workspace as `inviter`, and returns the token its mail carries. */
async function invite(inviter: Caller, workspaceId: string, email: string, role = 'editor', lang = 'en') {
  const before = mailsTo(h, email).length;
  const res = await call(inviter, 'POST', `/api/v1/workspaces/${workspaceId}/invitations`, { email, role, lang });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return invitationToken(email, before);
}

let planVersion = 0;
/** Puts `user` on `plan` as billing would announce it (the trial's limits until then). */
async function onPlan(user: Pick<StoredUser, 'userId'>, plan: PlanId, active = true) {
  const event = { userId: user.userId, version: ++planVersion, active, limits: PLAN_CATALOGUE[plan].limits };
  expect(await new WorkspaceStore(h.database.db).applyPlan(event)).toBe(true);
}

/** A workspace of `owner`'s (on the Pro plan) with a member for each role below owner. */
async function teamOf(owner: StoredUser) {
  await onPlan(owner, 'pro');
  const id = await createWorkspace(owner, 'Launch team');
  const members: Record<'admin' | 'editor' | 'contributor' | 'viewer', StoredUser> = {} as never;
  for (const role of ['admin', 'editor', 'contributor', 'viewer'] as const) {
    const member = await newUser(role);
    const token = await invite(owner, id, member.email, role);
    expect((await call(member, 'POST', '/api/v1/workspaces/invitations/accept', { token })).status).toBe(200);
    members[role] = member;
  }
  return { id, ...members };
}

const roleIn = async (user: Caller, workspaceId: string) => (await list(user)).find((w) => w.id === workspaceId)?.role;

describe('personal workspaces', () => {
  it('gives every account that existed before workspaces its own, as owner, by the migration', async () => {
    // The migrations up to the one before workspaces, then accounts, then the rest.
    const db = await createTestDatabase();
    const database = createDatabase({ url: db.url, schema });
    try {
      await migrateBefore(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' }, '0007_workspaces');
      await database.sql`insert into auth.users (email) values ('old-one@workspaces.test'), ('old-two@workspaces.test')`;
      await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' });
      const rows = await database.sql<{ email: string; name: string; role: string; members: number; ownId: boolean }[]>`
        select u.email, w.name, m.role::text as role, w.id = u.id as "ownId",
          (select count(*)::int from auth.workspace_members x where x.workspace_id = w.id) as members
        from auth.users u
        join auth.workspaces w on w.personal_of = u.id
        join auth.workspace_members m on m.workspace_id = w.id and m.user_id = u.id
        order by u.email`;
      expect(rows).toEqual([
        { email: 'old-one@workspaces.test', name: 'old-one', role: 'owner', members: 1, ownId: true },
        { email: 'old-two@workspaces.test', name: 'old-two', role: 'owner', members: 1, ownId: true },
      ]);
    } finally {
      await database.close();
      await db.drop();
    }
  });

  it("names a personal workspace by its account's id, and no other workspace", async () => {
    const user = await newUser('named');
    const shared = await createWorkspace(user, 'Shared');
    expect((await list(user)).map((w) => [w.id, w.personal])).toEqual([
      [user.userId, true],
      [shared, false],
    ]);
    // The database refuses a personal workspace under another id.
    await expect(
      h.database.sql`update auth.workspaces set personal_of = ${user.userId} where id = ${shared}`,
    ).rejects.toThrow();
  });

  it('gives a new account its own on sign-up, and lists it first with the role', async () => {
    const email = `new-${++counter}@workspaces.test`;
    const sid = await signInByMail(h, email);
    const me = { headers: await asGateway(h, sid) };
    expect(await list(me)).toEqual([
      expect.objectContaining({ name: email.split('@')[0], personal: true, role: 'owner' }),
    ]);
    await createWorkspace(me, 'Aardvark agency');
    expect((await list(me)).map((w) => [w.name, w.personal])).toEqual([
      [email.split('@')[0], true],
      ['Aardvark agency', false],
    ]);
  });

  it("shows another account's personal workspace to a member as shared, and tells /me they are a team member", async () => {
    const owner = await newUser('host');
    const member = await newUser('guest');
    const me = async () =>
      (await call(member, 'GET', '/api/v1/auth/me')).body.data as never as { user: { teamMember: boolean } };
    expect((await me()).user.teamMember).toBe(false);
    const hostsOwn = (await list(owner)).find((w) => w.personal)?.id as string;
    const token = await invite(owner, hostsOwn, member.email, 'contributor');
    expect((await call(member, 'POST', '/api/v1/workspaces/invitations/accept', { token })).status).toBe(200);
    // Theirs is the only personal one to them: work in the host's is named by its id.
    expect((await list(member)).map((w) => [w.id, w.personal])).toEqual(
      expect.arrayContaining([
        [member.userId, true],
        [hostsOwn, false],
      ]),
    );
    expect((await list(owner)).find((w) => w.id === hostsOwn)?.personal).toBe(true);
    expect((await me()).user.teamMember).toBe(true);
    // Owning workspaces of one's own makes nobody a team member.
    await createWorkspace(owner, 'Own team');
    const host = (await call(owner, 'GET', '/api/v1/auth/me')).body.data as never as { user: { teamMember: boolean } };
    expect(host.user.teamMember).toBe(false);
  });

  it('removes the workspaces an account owns with nobody else in them, and its memberships elsewhere', async () => {
    const owner = await newUser('owner');
    const { id, editor } = await teamOf(owner);
    const own = await createWorkspace(editor, 'Solo');
    await new UserStore(h.database.db, null).delete({ id: editor.userId, email: editor.email });
    const left = await h.database
      .sql`select 1 from auth.workspaces where id = ${own} or personal_of = ${editor.userId}`;
    expect(left).toHaveLength(0);
    const members = (await call(owner, 'GET', `/api/v1/workspaces/${id}/members`)).body.data.members;
    expect(members.map((m: { email: string }) => m.email)).not.toContain(editor.email);
  });

  it('passes a shared workspace whose owner deletes the account to the next member by role, then by seniority', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    // A second workspace with no admin: of its two editors, the one who joined first takes it.
    const second = await createWorkspace(owner, 'Second team');
    const joining = [
      [team.viewer, 'viewer'],
      [team.editor, 'editor'],
      [team.contributor, 'editor'],
    ] as const;
    for (const [member, role] of joining) {
      const token = await invite(owner, second, member.email, role);
      expect((await call(member, 'POST', '/api/v1/workspaces/invitations/accept', { token })).status).toBe(200);
    }
    const outcome = await new UserStore(h.database.db, null).delete({ id: owner.userId, email: owner.email });
    expect(outcome.deleted).toBe(true);
    expect(outcome.workspaces.handedOver).toEqual(
      expect.arrayContaining([
        { workspaceId: team.id, ownerId: team.admin.userId },
        { workspaceId: second, ownerId: team.editor.userId },
      ]),
    );
    expect(await roleIn(team.admin, team.id)).toBe('owner');
    expect(await roleIn(team.editor, second)).toBe('owner');
    expect(await roleIn(team.contributor, second)).toBe('editor');
    // Everyone else is where they were, and each workspace has exactly one owner.
    const members = (await call(team.admin, 'GET', `/api/v1/workspaces/${team.id}/members`)).body.data.members;
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [team.admin.email, 'owner'],
      [team.editor.email, 'editor'],
      [team.contributor.email, 'contributor'],
      [team.viewer.email, 'viewer'],
    ]);
    // The personal workspace went with the account.
    expect(await h.database.sql`select 1 from auth.workspaces where personal_of = ${owner.userId}`).toHaveLength(0);
  });

  it('leaves each workspace one owner when two of its members delete their accounts at once', async () => {
    const store = new UserStore(h.database.db, null);
    for (let round = 0; round < 5; round++) {
      // Each owns a workspace where the other is the admin, the one who would take it over; a third stays.
      const [first, second, stays] = await Promise.all([newUser('first'), newUser('second'), newUser('stays')]);
      const joinAs = async (owner: StoredUser, id: string, member: StoredUser, role: string) => {
        const token = await invite(owner, id, member.email, role);
        expect((await call(member, 'POST', '/api/v1/workspaces/invitations/accept', { token })).status).toBe(200);
      };
      await Promise.all([onPlan(first, 'starter'), onPlan(second, 'starter')]);
      const ofFirst = await createWorkspace(first, 'Of first');
      const ofSecond = await createWorkspace(second, 'Of second');
      await joinAs(first, ofFirst, second, 'admin');
      await joinAs(first, ofFirst, stays, 'editor');
      await joinAs(second, ofSecond, first, 'admin');
      await joinAs(second, ofSecond, stays, 'editor');

      const outcomes = await Promise.all(
        [first, second].map((user) => store.delete({ id: user.userId, email: user.email })),
      );
      expect(outcomes.map((o) => o.deleted)).toEqual([true, true]);
      const owners = await h.database.sql<{ id: string; owner: string }[]>`
        select workspace_id as id, user_id as owner from auth.workspace_members
        where workspace_id in (${ofFirst}, ${ofSecond}) and role = 'owner' order by workspace_id`;
      expect(owners.map((o) => [o.id, o.owner]).sort()).toEqual(
        [
          [ofFirst, stays.userId],
          [ofSecond, stays.userId],
        ].sort(),
      );
    }
  });
});

describe('making and renaming workspaces', () => {
  it('refuses a name empty or too long, and keeps it trimmed', async () => {
    const user = await newUser('namer');
    // Direction marks alone (right-to-left, left-to-right, Arabic letter mark) show nothing either.
    for (const name of ['', '   ', '\u200f\u200e\u061c', 'x'.repeat(WORKSPACE_NAME_MAX + 1)]) {
      const res = await call(user, 'POST', '/api/v1/workspaces', { name });
      expect(res.status, name).toBe(400);
    }
    const id = await createWorkspace(user, '  Spaced  ');
    expect((await list(user)).find((w) => w.id === id)?.name).toBe('Spaced');
  });

  it('refuses a workspace for an account deleted while the request was on its way, with 409, never 500', async () => {
    const user = await newUser('gone');
    await h.database.sql`delete from auth.users where id = ${user.userId}`;
    const res = await call(user, 'POST', '/api/v1/workspaces', { name: 'Too late' });
    expect([res.status, res.body.code]).toEqual([409, 'request.conflict']);
  });

  it('lets an account own as many as its plan allows, even asked all at once', async () => {
    const user = await newUser('many');
    const { workspaces: max } = PLAN_CATALOGUE.trial.limits;
    // The personal one counts: max - 1 more fit.
    const answers = await Promise.all(
      Array.from({ length: max + 4 }, (_, i) => call(user, 'POST', '/api/v1/workspaces', { name: `W${i}` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(max - 1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.code, a.body.params])).toEqual(
      refused.map(() => [409, E.limitReached, { max }]),
    );
    expect((await list(user)).filter((w) => w.role === 'owner')).toHaveLength(max);
    // A larger plan makes room; once a plan has ended, nothing new is made.
    await onPlan(user, 'pro');
    expect((await call(user, 'POST', '/api/v1/workspaces', { name: 'On Pro' })).status).toBe(201);
    await onPlan(user, 'pro', false);
    const ended = await call(user, 'POST', '/api/v1/workspaces', { name: 'Ended' });
    expect([ended.status, ended.body.code, ended.body.params]).toEqual([409, E.limitReached, { max: 1 }]);
  });

  it('lets the owner and admins rename, refuses the other roles (403) and outsiders (404)', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    const outsider = await newUser('outsider');
    const rename = (user: Caller, name: string) => call(user, 'PATCH', `/api/v1/workspaces/${team.id}`, { name });
    expect((await rename(owner, 'By owner')).body.data.workspace).toMatchObject({ name: 'By owner', role: 'owner' });
    expect((await rename(team.admin, 'By admin')).status).toBe(200);
    for (const user of [team.editor, team.contributor, team.viewer]) {
      expect(await rename(user, 'No')).toMatchObject({ status: 403, body: { code: E.roleTooLow } });
    }
    expect(await rename(outsider, 'No')).toMatchObject({ status: 404, body: { code: E.notFound } });
    expect((await list(owner)).find((w) => w.id === team.id)?.name).toBe('By admin');
  });
});

describe('members', () => {
  it('shows the members to every member (owner first), the waiting invitations to managers only', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    await call(owner, 'POST', `/api/v1/workspaces/${team.id}/invitations`, {
      email: 'later@workspaces.test',
      role: 'viewer',
    });
    for (const [user, managing] of [
      [owner, true],
      [team.admin, true],
      [team.editor, false],
      [team.contributor, false],
      [team.viewer, false],
    ] as const) {
      const { status, body } = await call(user, 'GET', `/api/v1/workspaces/${team.id}/members`);
      expect(status).toBe(200);
      expect(body.data.members.map((m: { role: string }) => m.role)).toEqual([
        'owner',
        'admin',
        'editor',
        'contributor',
        'viewer',
      ]);
      if (managing)
        expect(body.data.invitations?.map((i: { email: string }) => i.email)).toEqual(['later@workspaces.test']);
      else expect(body.data.invitations).toBeNull();
    }
    const outsider = await newUser('outsider');
    expect(await call(outsider, 'GET', `/api/v1/workspaces/${team.id}/members`)).toMatchObject({
      status: 404,
      body: { code: E.notFound },
    });
  });
});

describe('invitations', () => {
  it('mails a link to the accept page in the chosen language; only the hash of its token is stored', async () => {
    const owner = await newUser('owner');
    await onPlan(owner, 'pro');
    const id = await createWorkspace(owner, 'Riyadh office');
    for (const lang of ['ar', 'en'] as const) {
      const email = `invitee-${lang}-${++counter}@workspaces.test`;
      const token = await invite(owner, id, email, 'contributor', lang);
      const [mail] = mailsTo(h, email);
      expect(mail?.html).toContain(`lang="${lang}"`);
      expect(mail?.subject).toContain('Riyadh office');
      expect(mail?.text).toContain(owner.email);
      if (lang === 'ar') {
        expect(mail?.html).toContain('dir="rtl"');
        expect(mail?.text).toContain('7 أيام');
        expect(mail?.text).toContain('مساهم');
      } else {
        expect(mail?.text).toContain('7 days');
        expect(mail?.text).toContain('as a contributor');
      }
      const [row] = await h.database.sql<{ token_hash: string }[]>`
        select token_hash from auth.workspace_invitations where email = ${email}`;
      expect(row?.token_hash).toBe(hashToken(token));
      expect(JSON.stringify(await h.database.sql`select * from auth.workspace_invitations`)).not.toContain(token);
    }
  });

  it('refuses inviting as owner (400), by a role below admin (403), a member already (409), outsiders (404)', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    const path = `/api/v1/workspaces/${team.id}/invitations`;
    expect((await call(owner, 'POST', path, { email: 'x@workspaces.test', role: 'owner' })).status).toBe(400);
    expect((await call(owner, 'POST', path, { email: 'not an address', role: 'viewer' })).status).toBe(400);
    for (const user of [team.editor, team.contributor, team.viewer]) {
      expect(await call(user, 'POST', path, { email: 'x@workspaces.test', role: 'viewer' })).toMatchObject({
        status: 403,
        body: { code: E.roleTooLow },
      });
    }
    expect(
      await call(team.admin, 'POST', path, { email: team.editor.email.toUpperCase(), role: 'viewer' }),
    ).toMatchObject({
      status: 409,
      body: { code: E.alreadyMember },
    });
    const outsider = await newUser('outsider');
    expect(await call(outsider, 'POST', path, { email: 'x@workspaces.test', role: 'viewer' })).toMatchObject({
      status: 404,
      body: { code: E.notFound },
    });
    const [{ n }] = (await h.database.sql`
      select count(*)::int as n from auth.workspace_invitations where workspace_id = ${team.id} and accepted_at is null`) as never as [
      { n: number },
    ];
    expect(n).toBe(0);
  });

  it("gives a workspace as many members as its owner's plan has seats, invitations waiting included, even sent all at once", async () => {
    const owner = await newUser('owner');
    await onPlan(owner, 'starter');
    const { seats } = PLAN_CATALOGUE.starter.limits;
    const id = await createWorkspace(owner);
    const answers = await Promise.all(
      Array.from({ length: seats + 5 }, (_, i) =>
        call(owner, 'POST', `/api/v1/workspaces/${id}/invitations`, {
          email: `crowd-${i}@workspaces.test`,
          role: 'viewer',
        }),
      ),
    );
    // The owner takes a seat.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(seats - 1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused.map((a) => [a.status, a.body.code, a.body.params])).toEqual(
      refused.map(() => [409, E.seatsTaken, { max: seats }]),
    );
    // Inviting one of them again only refreshes it; withdrawing one makes room.
    const waiting = (await call(owner, 'GET', `/api/v1/workspaces/${id}/members`)).body.data.invitations ?? [];
    const again = await call(owner, 'POST', `/api/v1/workspaces/${id}/invitations`, {
      email: waiting[0]?.email,
      role: 'editor',
    });
    expect(again.status).toBe(201);
    expect(
      (await call(owner, 'DELETE', `/api/v1/workspaces/${id}/invitations/${again.body.data.invitation.id}`)).status,
    ).toBe(200);
    const oneMore = { email: 'one-more@workspaces.test', role: 'viewer' };
    expect((await call(owner, 'POST', `/api/v1/workspaces/${id}/invitations`, oneMore)).status).toBe(201);
  });

  it('keeps the newest plan billing announces, through the inbox, and ignores an older one', async () => {
    const owner = await newUser('owner');
    const publish = (plan: PlanId, version: number) =>
      h.queues.publish(entitlementChangedEvent, {
        userId: owner.userId,
        version,
        plan,
        status: 'active',
        active: true,
        limits: PLAN_CATALOGUE[plan].limits,
        periodStart: null,
        periodEnd: null,
      });
    await publish('pro', 5);
    await publish('basic', 4);
    const copied = () => h.database.sql<{ version: number; seats: number }[]>`
      select version, seats from auth.workspace_plans where user_id = ${owner.userId}`;
    await expect.poll(copied, { timeout: 15_000 }).toEqual([{ version: 5, seats: PLAN_CATALOGUE.pro.limits.seats }]);
    // The older one has been handled too (the inbox is first in, first out) and changed nothing.
    await publish('starter', 6);
    await expect
      .poll(copied, { timeout: 15_000 })
      .toEqual([{ version: 6, seats: PLAN_CATALOGUE.starter.limits.seats }]);
  });

  it('gives the trial a team of two, and refuses joining once the plan has shrunk', async () => {
    const owner = await newUser('owner');
    const id = await createWorkspace(owner, 'Pair');
    const first = await newUser('first');
    const token = await invite(owner, id, first.email, 'editor');
    const second = await call(owner, 'POST', `/api/v1/workspaces/${id}/invitations`, {
      email: 'second@workspaces.test',
      role: 'viewer',
    });
    expect([second.status, second.body.code, second.body.params]).toEqual([409, E.seatsTaken, { max: 2 }]);
    // The invitation was sent on the trial; the plan bought next has one seat: the link finds none.
    await onPlan(owner, 'basic');
    const late = await call(first, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect([late.status, late.body.code, late.body.params]).toEqual([409, E.seatsTaken, { max: 1 }]);
    await onPlan(owner, 'starter');
    expect((await call(first, 'POST', '/api/v1/workspaces/invitations/accept', { token })).status).toBe(200);
  });

  it('joins with the invited role; refuses the link used twice, expired, withdrawn, or by another address', async () => {
    const owner = await newUser('owner');
    await onPlan(owner, 'pro');
    const id = await createWorkspace(owner, 'Accepting');
    const invitee = await newUser('invitee');
    const stranger = await newUser('stranger');
    const accept = (user: Caller, token: string) =>
      call(user, 'POST', '/api/v1/workspaces/invitations/accept', { token });

    const token = await invite(owner, id, invitee.email, 'contributor');
    expect(await accept(stranger, token)).toMatchObject({ status: 403, body: { code: E.invitationOtherAddress } });
    expect(await roleIn(stranger, id)).toBeUndefined();
    // Two clicks at once: one joins, the other reads 'used'.
    const both = await Promise.all([accept(invitee, token), accept(invitee, token)]);
    expect(both.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(both.find((a) => a.status === 200)?.body.data.workspace).toMatchObject({ id, role: 'contributor' });
    expect(both.find((a) => a.status === 409)?.body.code).toBe(E.invitationUsed);
    expect(await accept(invitee, token)).toMatchObject({ status: 409, body: { code: E.invitationUsed } });
    expect(await roleIn(invitee, id)).toBe('contributor');

    const late = await newUser('late');
    const lateToken = await invite(owner, id, late.email, 'viewer');
    await h.database
      .sql`update auth.workspace_invitations set expires_at = now() - interval '1 second' where email = ${late.email}`;
    expect(await accept(late, lateToken)).toMatchObject({ status: 409, body: { code: E.invitationExpired } });
    expect(await roleIn(late, id)).toBeUndefined();

    const withdrawn = await newUser('withdrawn');
    const withdrawnToken = await invite(owner, id, withdrawn.email, 'viewer');
    const [row] = await h.database.sql<{ id: string }[]>`
      select id from auth.workspace_invitations where email = ${withdrawn.email}`;
    expect((await call(owner, 'DELETE', `/api/v1/workspaces/${id}/invitations/${row?.id}`)).status).toBe(200);
    expect(await accept(withdrawn, withdrawnToken)).toMatchObject({
      status: 404,
      body: { code: E.invitationNotFound },
    });
    expect(await accept(withdrawn, 'A'.repeat(43))).toMatchObject({
      status: 404,
      body: { code: E.invitationNotFound },
    });
    expect(await accept(withdrawn, 'short')).toMatchObject({ status: 404, body: { code: E.invitationNotFound } });
  });

  it('voids the earlier link when an address is invited again', async () => {
    const owner = await newUser('owner');
    const id = await createWorkspace(owner);
    const invitee = await newUser('again');
    const first = await invite(owner, id, invitee.email, 'viewer');
    const second = await invite(owner, id, invitee.email, 'editor');
    const accept = (token: string) => call(invitee, 'POST', '/api/v1/workspaces/invitations/accept', { token });
    expect(await accept(first)).toMatchObject({ status: 404, body: { code: E.invitationNotFound } });
    expect((await accept(second)).status).toBe(200);
    expect(await roleIn(invitee, id)).toBe('editor');
  });
});

describe('roles, removal, leaving and transfer', () => {
  it("changes roles by the owner and admins; never the owner's, nor one's own", async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    const role = (user: Caller, member: StoredUser, to: string) =>
      call(user, 'PUT', `/api/v1/workspaces/${team.id}/members/${member.userId}/role`, { role: to });
    expect((await role(team.admin, team.viewer, 'editor')).status).toBe(200);
    expect(await roleIn(team.viewer, team.id)).toBe('editor');
    expect((await role(owner, team.viewer, 'viewer')).status).toBe(200);
    expect(await role(team.admin, owner, 'viewer')).toMatchObject({ status: 403, body: { code: E.ownerProtected } });
    expect(await role(team.admin, team.admin, 'viewer')).toMatchObject({
      status: 409,
      body: { code: E.ownMembership },
    });
    expect(await role(team.editor, team.viewer, 'admin')).toMatchObject({ status: 403, body: { code: E.roleTooLow } });
    expect((await role(owner, team.viewer, 'owner')).status).toBe(400);
    const outsider = await newUser('outsider');
    expect(await role(owner, outsider, 'viewer')).toMatchObject({ status: 404, body: { code: E.memberNotFound } });
    expect(await role(outsider, team.viewer, 'admin')).toMatchObject({ status: 404, body: { code: E.notFound } });
    expect(await roleIn(owner, team.id)).toBe('owner');
    expect(await roleIn(team.viewer, team.id)).toBe('viewer');
  });

  it('removes members; a removed member can do nothing more there (404)', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    const remove = (user: Caller, member: StoredUser) =>
      call(user, 'DELETE', `/api/v1/workspaces/${team.id}/members/${member.userId}`);
    expect(await remove(team.admin, owner)).toMatchObject({ status: 403, body: { code: E.ownerProtected } });
    expect(await remove(team.editor, team.viewer)).toMatchObject({ status: 403, body: { code: E.roleTooLow } });
    expect(await remove(owner, owner)).toMatchObject({ status: 409, body: { code: E.ownMembership } });
    expect((await remove(team.admin, team.editor)).status).toBe(200);
    expect(await remove(team.admin, team.editor)).toMatchObject({ status: 404, body: { code: E.memberNotFound } });
    expect(await call(team.editor, 'GET', `/api/v1/workspaces/${team.id}/members`)).toMatchObject({
      status: 404,
      body: { code: E.notFound },
    });
    // An admin removed while at work: their next change is refused as from a stranger.
    expect((await remove(owner, team.admin)).status).toBe(200);
    expect(await call(team.admin, 'PATCH', `/api/v1/workspaces/${team.id}`, { name: 'Mine now' })).toMatchObject({
      status: 404,
      body: { code: E.notFound },
    });
    expect(await roleIn(team.admin, team.id)).toBeUndefined();
  });

  it('lets members leave, but not the owner', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    const leave = (user: Caller) => call(user, 'POST', `/api/v1/workspaces/${team.id}/leave`);
    expect(await leave(owner)).toMatchObject({ status: 409, body: { code: E.lastOwner } });
    expect(await roleIn(owner, team.id)).toBe('owner');
    expect((await leave(team.viewer)).status).toBe(200);
    expect(await leave(team.viewer)).toMatchObject({ status: 404, body: { code: E.notFound } });
    const personal = (await list(owner)).find((w) => w.personal);
    expect(await call(owner, 'POST', `/api/v1/workspaces/${personal?.id}/leave`)).toMatchObject({
      status: 409,
      body: { code: E.lastOwner },
    });
  });

  it('transfers ownership from the owner only; the former owner becomes an admin and may then leave', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    const transfer = (user: Caller, to: StoredUser) =>
      call(user, 'POST', `/api/v1/workspaces/${team.id}/transfer`, { userId: to.userId });
    expect(await transfer(team.admin, team.editor)).toMatchObject({ status: 403, body: { code: E.roleTooLow } });
    expect(await transfer(owner, owner)).toMatchObject({ status: 409, body: { code: E.ownMembership } });
    const outsider = await newUser('outsider');
    expect(await transfer(owner, outsider)).toMatchObject({ status: 404, body: { code: E.memberNotFound } });
    const personal = (await list(owner)).find((w) => w.personal);
    expect(
      await call(owner, 'POST', `/api/v1/workspaces/${personal?.id}/transfer`, { userId: team.editor.userId }),
    ).toMatchObject({ status: 409, body: { code: E.personal } });

    expect((await transfer(owner, team.editor)).status).toBe(200);
    expect(await roleIn(team.editor, team.id)).toBe('owner');
    expect(await roleIn(owner, team.id)).toBe('admin');
    expect((await call(owner, 'POST', `/api/v1/workspaces/${team.id}/leave`)).status).toBe(200);
    const members = (await call(team.editor, 'GET', `/api/v1/workspaces/${team.id}/members`)).body.data.members;
    expect(members.filter((m: { role: string }) => m.role === 'owner')).toHaveLength(1);
  });
});

describe('announcing members to the services that keep work in workspaces', () => {
  /** What the posts service's inbox has been told of a workspace, oldest first. */
  async function announced(workspaceId: string): Promise<WorkspaceMembersChanged[]> {
    const jobs = await h.queues.get(QUEUES.postsInbox).getJobs(['waiting', 'delayed', 'active', 'completed', 'failed']);
    return jobs
      .filter((job) => job.name === workspaceMembersChangedEvent.name && job.data.workspaceId === workspaceId)
      .map((job) => job.data as WorkspaceMembersChanged)
      .sort((a, b) => a.version - b.version);
  }
  const newest = async (workspaceId: string) => (await announced(workspaceId)).at(-1);
  const rolesOf = (event: WorkspaceMembersChanged | undefined) =>
    Object.fromEntries((event?.members ?? []).map((m) => [m.userId, m.role]));

  it('owes every member list the services copy to the content service once, by the migration', async () => {
    // The migrations up to the one that owes the lists, then workspaces as they were, then the rest.
    const db = await createTestDatabase();
    const database = createDatabase({ url: db.url, schema });
    try {
      await migrateBefore(
        db.url,
        { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' },
        '0013_members-owed-to-content',
      );
      const [alone, owner, guest] = await database.sql<{ id: string }[]>`
        insert into auth.users (email) values ('alone@workspaces.test'), ('owner@workspaces.test'), ('guest@workspaces.test')
        returning id`;
      const [team] = await database.sql<
        { id: string }[]
      >`insert into auth.workspaces (name) values ('Team') returning id`;
      await database.sql`insert into auth.workspace_members (workspace_id, user_id, role)
        values (${team!.id}, ${owner!.id}, 'owner'), (${team!.id}, ${guest!.id}, 'editor'),
               (${owner!.id}, ${guest!.id}, 'viewer')`;
      // Every change announced already (to the posts service, the only copy then).
      await database.sql`delete from auth.workspace_member_announcements`;
      await runMigrations(db.url, { migrationsFolder: MIGRATIONS_FOLDER, serviceSchema: 'auth' });
      const owed = await database.sql<{ workspaceId: string; current: boolean }[]>`
        select a.workspace_id as "workspaceId", a.version = w.members_version as current
        from auth.workspace_member_announcements a join auth.workspaces w on w.id = a.workspace_id
        order by a.workspace_id`;
      // The team's list and the personal workspace another member was let into; not the lone account's.
      expect(owed).toEqual([team!.id, owner!.id].sort().map((workspaceId) => ({ workspaceId, current: true })));
      expect(owed.map((row) => row.workspaceId)).not.toContain(alone!.id);
    } finally {
      await database.close();
      await db.drop();
    }
  });

  it('announces the whole member list after every change, each at a higher version', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    expect(rolesOf(await newest(team.id))).toEqual({
      [owner.userId]: 'owner',
      [team.admin.userId]: 'admin',
      [team.editor.userId]: 'editor',
      [team.contributor.userId]: 'contributor',
      [team.viewer.userId]: 'viewer',
    });

    const steps: [string, () => Promise<{ status: number }>, Record<string, string | undefined>][] = [
      [
        'role changed',
        () =>
          call(owner, 'PUT', `/api/v1/workspaces/${team.id}/members/${team.viewer.userId}/role`, { role: 'editor' }),
        { [team.viewer.userId]: 'editor' },
      ],
      [
        'member removed',
        () => call(team.admin, 'DELETE', `/api/v1/workspaces/${team.id}/members/${team.editor.userId}`),
        { [team.editor.userId]: undefined },
      ],
      [
        'member left',
        () => call(team.contributor, 'POST', `/api/v1/workspaces/${team.id}/leave`),
        { [team.contributor.userId]: undefined },
      ],
      [
        'ownership transferred',
        () => call(owner, 'POST', `/api/v1/workspaces/${team.id}/transfer`, { userId: team.admin.userId }),
        { [owner.userId]: 'admin', [team.admin.userId]: 'owner' },
      ],
    ];
    let before = await newest(team.id);
    for (const [what, change, expected] of steps) {
      const res = await change();
      expect(res.status, what).toBe(200);
      const after = await newest(team.id);
      expect(after?.version, what).toBeGreaterThan(before?.version ?? 0);
      const wanted = { ...rolesOf(before), ...expected };
      for (const [userId, role] of Object.entries(wanted)) if (role === undefined) delete wanted[userId];
      expect(rolesOf(after), what).toEqual(wanted);
      before = after;
    }
  });

  it('announces a new workspace with its owner, and one gone with its account as empty', async () => {
    const owner = await newUser('owner');
    const made = await h.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: owner.headers,
      payload: { name: 'Solo' },
    });
    const solo = made.json().data.workspace.id as string;
    expect(rolesOf(await newest(solo))).toEqual({ [owner.userId]: 'owner' });
    // The maker's next requests wait for a copy that knows them as its owner.
    expect(made.headers[CHANGED_HEADER]).toBe(`memberships=${(await newest(solo))?.version}`);
    const team = await teamOf(owner);
    const before = await newest(team.id);

    const store = new UserStore(h.database.db, null);
    const { workspaces } = await store.delete({ id: owner.userId, email: owner.email });
    expect(workspaces.memberOf).toEqual(expect.arrayContaining([solo, team.id, owner.userId]));
    await announceMembers(new WorkspaceStore(h.database.db), h.queues, workspaces.memberOf);

    const gone = await newest(solo);
    expect(gone?.members).toEqual([]);
    const handedOver = await newest(team.id);
    expect(handedOver?.version).toBeGreaterThan(before?.version ?? 0);
    expect(rolesOf(handedOver)[team.admin.userId]).toBe('owner');
    expect(rolesOf(handedOver)[owner.userId]).toBeUndefined();
    // Nothing left to announce: not the lists announced, nor the personal workspace gone with its account.
    expect(await outbox([solo, team.id, owner.userId])).toEqual([]);
  });

  /** The outbox rows of these workspaces: changes whose announcement is still owed. */
  const outbox = async (workspaceIds: string[]) =>
    (
      await h.database.db
        .select()
        .from(workspaceMemberAnnouncements)
        .where(inArray(workspaceMemberAnnouncements.workspaceId, workspaceIds))
    ).map((row) => row.workspaceId);

  it('owes nothing once a change is announced, and never owes an account its own personal workspace', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    expect(await outbox([team.id, owner.userId, team.viewer.userId])).toEqual([]);
  });

  it('announces a change whose announcement was lost, once the periodic sweep finds it', async () => {
    const owner = await newUser('owner');
    const team = await teamOf(owner);
    // Removed, and then the process stops before it announces it (or Redis refuses it).
    const removed = await new WorkspaceStore(h.database.db).removeMember(owner.userId, team.id, team.viewer.userId);
    expect(removed).toEqual({ ok: true });
    expect(rolesOf(await newest(team.id))[team.viewer.userId]).toBe('viewer');
    expect(await outbox([team.id])).toEqual([team.id]);

    // A sweep right after the change leaves it to the request that made it.
    const early = await h.queues.enqueue(membersAnnounceTickJob, {});
    await until('an early sweep', async () => (await early.getState()) === 'completed', Boolean);
    expect(await outbox([team.id])).toEqual([team.id]);

    await h.database.db
      .update(workspaceMemberAnnouncements)
      .set({ changedAt: sql`now() - interval '1 minute'` })
      .where(eq(workspaceMemberAnnouncements.workspaceId, team.id));
    const sweep = await h.queues.enqueue(membersAnnounceTickJob, {});
    await until('the sweep', async () => (await sweep.getState()) === 'completed', Boolean);
    expect(rolesOf(await newest(team.id))[team.viewer.userId]).toBeUndefined();
    expect(await outbox([team.id])).toEqual([]);
  });
});

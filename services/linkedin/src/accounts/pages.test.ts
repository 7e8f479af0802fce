import { randomUUID } from 'node:crypto';
import {
  type EntitlementChanged,
  linkedinPagesResponseSchema,
  PLAN_CATALOGUE,
  publishPostJob,
  QUEUES,
} from '@nashr/contracts';
import { testIdentity } from '@nashr/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkedinProvider } from '../providers/linkedin/linkedin-provider.js';
import { PAGE_SCOPES } from '../providers/linkedin/linkedin-requests.js';
import { startPublishWorker } from '../publish/publish-worker.js';
import { type FakeLinkedin, type FakeMember, fakeMember, startFakeLinkedin } from '../testing/fake-linkedin.js';
import type { Harness } from '../testing/harness.js';
import { createOfficialHarness, FAKE_REDIRECT } from '../testing/official-network.js';

let fake: FakeLinkedin;
let h: Harness;
let linkedin: LinkedinProvider;

beforeAll(async () => {
  fake = await startFakeLinkedin({ redirectUris: [FAKE_REDIRECT] });
  ({ h, linkedin } = await createOfficialHarness(fake, PAGE_SCOPES));
});
afterAll(async () => {
  await h.close();
  await fake.close();
});

type User = ReturnType<typeof testIdentity>;

/** A Nashr user connected through the network's consent page as `member`. */
async function connectedAs(member: FakeMember, user: User = testIdentity()) {
  fake.member = member;
  const start = linkedin.authorization();
  const back = new URL((await fetch(start.url, { redirect: 'manual' })).headers.get('location') ?? '');
  const authorized = await linkedin.completeAuthorization(back.searchParams.get('code') ?? '', start.codeVerifier);
  await h.services.connections.connectOfficial(user.userId, authorized.accountId, authorized.expiresAt);
  return user;
}

const listPages = async (user: User) => {
  const answer = await h.call(user, 'GET', '/api/v1/linkedin/pages');
  expect(answer.statusCode, answer.body).toBe(200);
  return linkedinPagesResponseSchema.parse(answer.json()).data;
};
const addPage = (user: User, organization: string) => h.call(user, 'POST', '/api/v1/linkedin/pages', { organization });
const removePage = (user: User, organization: string) =>
  h.call(user, 'DELETE', `/api/v1/linkedin/pages/${organization.split(':').at(-1)}`);

const lastAnnouncement = async (userId: string) =>
  (await h.jobsOn(QUEUES.postsInbox, 'account-connected'))
    .filter((job) => job.data.userId === userId)
    .sort((a, b) => (a.data.changedAt ?? 0) - (b.data.changedAt ?? 0))
    .at(-1)?.data;

/** A member who administers one page, edits another's content, and only reads a third's figures. */
function memberWithPages() {
  const member = fakeMember();
  const suffix = randomUUID().slice(0, 6);
  const pages = {
    administered: fake.addOrganization(`شركة نشر ${suffix}`, { [member.sub]: 'ADMINISTRATOR' }),
    edited: fake.addOrganization(`Acme ${suffix}`, { [member.sub]: 'CONTENT_ADMINISTRATOR' }),
    analysed: fake.addOrganization(`Figures ${suffix}`, { [member.sub]: 'ANALYST' }),
  };
  return { member, pages };
}

async function publish(userId: string, identity: string, text: string, firstComment?: string) {
  const running = startPublishWorker(
    h.services.publisher,
    { connection: h.redis.redis.duplicate({ maxRetriesPerRequest: null }), prefix: h.redis.prefix },
    { logger: h.deps.logger },
  );
  try {
    const postId = randomUUID();
    const job = await h.queues.enqueue(
      publishPostJob,
      { postId, userId, text, attempt: 1, identity, ...(firstComment ? { firstComment } : {}) },
      { jobId: `publish-${postId}-1`, attempts: 1 },
    );
    await expect
      .poll(async () => (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.returnvalue)
      .toMatch(/^(published|failed)$/);
    return {
      outcome: (await h.queues.get(QUEUES.linkedinPublish).getJob(job.id as string))?.returnvalue as string,
      failed: (await h.jobsOn(QUEUES.postsInbox, 'post-publish-failed')).find((j) => j.data.postId === postId)?.data,
    };
  } finally {
    await running.close();
  }
}

describe('company pages', () => {
  it('lists the pages the member may publish as (administrators and content administrators), by name', async () => {
    const { member, pages } = memberWithPages();
    const user = await connectedAs(member);
    const listed = await listPages(user);
    expect(listed.granted).toBe(true);
    expect(listed.pages.map((p) => [p.organization, p.role, p.added]).sort()).toEqual(
      [
        [pages.administered, 'ADMINISTRATOR', false],
        [pages.edited, 'CONTENT_ADMINISTRATOR', false],
      ].sort(),
    );
    expect(listed.pages.find((p) => p.organization === pages.administered)?.name).toMatch(/^شركة نشر /);
    // Read through the network's own finder and batch lookup, in its versioned Rest.li format.
    expect(fake.calls.filter((c) => c.call === 'GET /rest/organizationAcls').at(-1)).toMatchObject({
      restli: '2.0.0',
      version: '202601',
    });
  });

  it('adds a page, tells the other services, and publishes as it: the post and its first comment are the page’s', async () => {
    const { member, pages } = memberWithPages();
    const user = await connectedAs(member);
    const added = await addPage(user, pages.edited);
    expect(added.statusCode, added.body).toBe(200);
    const page = added.json().data.pages.find((p: { organization: string }) => p.organization === pages.edited);
    expect(page).toMatchObject({ added: true, identity: expect.any(String) });
    // Adding it again changes nothing.
    expect((await addPage(user, pages.edited)).statusCode).toBe(200);
    const told = await lastAnnouncement(user.userId);
    expect(told?.pages).toEqual([{ identity: page.identity, name: page.name }]);
    expect(told?.identity).not.toBe(page.identity);

    const text = `As the page ${randomUUID()}`;
    const { outcome } = await publish(user.userId, page.identity, text, 'تعليق الصفحة');
    expect(outcome).toBe('published');
    const sent = fake.posts.find((p) => p.shown === text);
    expect(sent?.author).toBe(pages.edited);
    expect(fake.comments.find((c) => c.object === sent?.id)?.actor).toBe(pages.edited);

    // The page's posts are listed as the page's, apart from the member's own.
    const listed = async (data: object) => {
      const answer = await h.call(user, 'POST', '/linkedln/getPosts', { data });
      return { status: answer.statusCode, body: answer.json() };
    };
    const ofPage = await listed({ identity: page.identity });
    expect(ofPage.status).toBe(200);
    expect(ofPage.body.data.items).toEqual([
      expect.objectContaining({ text, author: { name: page.name, headline: null } }),
    ]);
    const own = await listed({});
    expect(own.body.data.items.map((p: { text: string }) => p.text)).not.toContain(text);
    const unknown = await listed({ identity: 'not-a-page-of-theirs' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('linkedin.page_not_administered');
  });

  it('refuses a page the member does not administer, and says so when pages were not allowed', async () => {
    const { member, pages } = memberWithPages();
    const user = await connectedAs(member);
    const analyst = await addPage(user, pages.analysed);
    expect(analyst.statusCode).toBe(422);
    expect(analyst.json().code).toBe('linkedin.page_not_administered');

    const declining = memberWithPages();
    fake.options.declineScopes = [...PAGE_SCOPES];
    try {
      const other = await connectedAs(declining.member);
      expect(await listPages(other)).toEqual({ granted: false, pages: [] });
      const refused = await addPage(other, declining.pages.administered);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('linkedin.pages_not_granted');
    } finally {
      fake.options.declineScopes = [];
    }
    const stranger = await addPage(testIdentity(), pages.administered);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('linkedin.not_connected');
  });

  it('tells a second Nashr user that a page is added in another account, leaving the first as it was', async () => {
    const { member, pages } = memberWithPages();
    const first = await connectedAs(member);
    const colleague = fakeMember();
    fake.organizations.get(pages.administered.split(':').at(-1) ?? '')?.roles.set(colleague.sub, 'ADMINISTRATOR');
    const second = await connectedAs(colleague);
    expect((await addPage(first, pages.administered)).statusCode).toBe(200);
    const refused = await addPage(second, pages.administered);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('linkedin.connected_elsewhere');
    expect((await listPages(first)).pages.find((p) => p.organization === pages.administered)?.added).toBe(true);
  });

  it('takes a token the network no longer accepts as a disconnection: Reconnect, said once to every service', async () => {
    const { member } = memberWithPages();
    const user = await connectedAs(member);
    fake.revoke(member.sub);
    const refused = await h.call(user, 'GET', '/api/v1/linkedin/pages');
    expect(refused.statusCode).toBe(409);
    expect((await h.services.accounts.findByUser(user.userId))?.status).toBe('disconnected');
    const told = (await h.jobsOn(QUEUES.postsInbox, 'account-disconnected')).filter(
      (job) => job.data.userId === user.userId,
    );
    expect(told).toHaveLength(1);
    // Disconnected now: the next call is refused here, without asking the network again.
    const again = await h.call(user, 'GET', '/api/v1/linkedin/pages');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('linkedin.reconnect');
  });

  it('never publishes as a page once it is removed, or once the account signs in as another member', async () => {
    const { member, pages } = memberWithPages();
    const user = await connectedAs(member);
    const identity = (await addPage(user, pages.administered))
      .json()
      .data.pages.find((p: { organization: string }) => p.organization === pages.administered).identity;
    expect((await removePage(user, pages.administered)).statusCode).toBe(200);
    expect((await lastAnnouncement(user.userId))?.pages).toEqual([]);
    const before = fake.posts.length;
    const removed = await publish(user.userId, identity, `Removed page ${randomUUID()}`);
    expect(removed).toMatchObject({ outcome: 'failed', failed: { code: 'linkedin.identity_changed' } });

    await addPage(user, pages.administered);
    await connectedAs(fakeMember(), user);
    expect(await h.services.accounts.pagesOf((await h.services.accounts.findByUser(user.userId))?.id ?? '')).toEqual(
      [],
    );
    const reconnected = await publish(user.userId, identity, `Another member ${randomUUID()}`);
    expect(reconnected).toMatchObject({ outcome: 'failed', failed: { code: 'linkedin.identity_changed' } });
    expect(fake.posts.length).toBe(before);
  });
});

describe("the plan's company pages", () => {
  const planChanged = (userId: string, version: number, plan: 'trial' | 'basic' | 'pro'): EntitlementChanged => ({
    userId,
    version,
    plan,
    status: plan === 'trial' ? 'trialing' : 'active',
    active: true,
    limits: PLAN_CATALOGUE[plan].limits,
    periodStart: null,
    periodEnd: null,
  });

  it('adds no more pages than the plan allows, even when asked at once, and more once the plan grows', async () => {
    const { member, pages } = memberWithPages();
    const user = await connectedAs(member);
    expect(await h.services.accounts.applyPageAllowance(planChanged(user.userId, 1, 'trial'))).toBe(true);
    expect(PLAN_CATALOGUE.trial.limits.pages).toBe(1);

    // Both pages at once: the trial's one page goes to exactly one of them.
    const answers = await Promise.all([addPage(user, pages.administered), addPage(user, pages.edited)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const refused = answers.find((answer) => answer.statusCode === 403);
    expect(refused?.json()).toMatchObject({ code: 'plan.pages_limit', params: { limit: 1, plan: 'trial' } });
    const added = (await listPages(user)).pages.filter((page) => page.added);
    expect(added).toHaveLength(1);
    // The page added may be added again: nothing changes.
    expect((await addPage(user, added[0]?.organization ?? '')).statusCode).toBe(200);

    // Pro allows more; a late event of the trial changes nothing.
    expect(await h.services.accounts.applyPageAllowance(planChanged(user.userId, 3, 'pro'))).toBe(true);
    expect(await h.services.accounts.applyPageAllowance(planChanged(user.userId, 2, 'trial'))).toBe(false);
    const other = added[0]?.organization === pages.edited ? pages.administered : pages.edited;
    expect((await addPage(user, other)).statusCode).toBe(200);
    expect((await listPages(user)).pages.filter((page) => page.added)).toHaveLength(2);
  });

  it('lets a plan without pages add none, and says so', async () => {
    const { member, pages } = memberWithPages();
    const user = await connectedAs(member);
    await h.services.accounts.applyPageAllowance(planChanged(user.userId, 1, 'basic'));
    const refused = await addPage(user, pages.administered);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'plan.pages_limit', params: { limit: 0, plan: 'basic' } });
    expect((await listPages(user)).pages.some((page) => page.added)).toBe(false);
  });
});

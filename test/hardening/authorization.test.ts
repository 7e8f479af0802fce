/**
 * The authorization matrix, through the real gateway (sessions in Redis, signed cookie) in front
 * of every service listening on a port. Alice, Bob and an admin sign in by e-mail; Alice makes
 * real data through the routes. Then, for every public route: no session, Bob's session on
 * Alice's ids, and Bob (not an admin) on the admin routes. Each must be refused with the status
 * the route documents, and leave every table and Alice's session exactly as they were.
 *
 * Who may call a route (a visitor, only an admin) is the catalogue's `access`, read from there.
 * Every route the services register must also be listed below, with how Alice calls it and what
 * Bob on her ids gets: a new route fails this test until someone decides that.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fastifyCookie from '@fastify/cookie';
import { unsubscribeTokenFor } from '@nashr/auth';
import { TEST_SIGNATURE_HEADER, testPaymentsSignature } from '@nashr/billing';
import {
  type Access,
  API,
  API_CATALOGUE,
  routerPathOf,
  WORKSPACE_ERROR_CODES,
  WORKSPACE_HEADER,
} from '@nashr/contracts';
import { TEST_INTERNAL_SECRET } from '@nashr/platform/testing';
import { ADMIN_EMAIL, COOKIE_SECRET, SERVICES, type Stack, startStack } from '@nashr/tools/in-process-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromInject, problemWith } from './support/answers.js';
import { send, signInByMail, signInToken } from './support/gateway-client.js';
import { publicRoutesOf } from './support/routes.js';

interface Ids {
  aliceUserId: string;
  aliceAccountId: string;
  alicePostId: string;
  aliceDraftId: string;
  aliceMediaId: string;
  /** An image of a post on the simulated network. */
  sandboxImagePath: string;
  /** That post's network id, as analytics name it. */
  aliceNetworkPostId: string;
  /** The handle of Alice's session, as her sessions list names it. */
  aliceSessionHandle: string;
  /** One of Alice's devices that receive push notifications. */
  alicePushDeviceId: string;
  /** One of Alice's webhook endpoints, and a delivery of its log (delivered to a receiver on this machine). */
  aliceWebhookId: string;
  aliceWebhookDeliveryId: string;
  webhookReceiverUrl: string;
  /** One of Alice's personal API tokens. */
  aliceTokenId: string;
  /** Alice's open test-payments checkout, and her portal session. */
  aliceCheckoutPath: string;
  alicePortalPath: string;
  /** An unspent sign-in link's token, for a visitor who has not signed in yet. */
  visitorToken: string;
  /** The token of Alice's unsubscribe links, as her notification e-mails carry it. */
  aliceUnsubscribeToken: string;
  /** A post of the inspiration library, added by the admin and among the favourites of Alice's personal workspace. */
  libraryPostId: string;
  /** A person and a topic Alice engages with. */
  engagePersonId: string;
  engageTopicId: string;
  /** Alice's team workspace, a member of it (an editor) and an invitation of it still waiting. */
  aliceWorkspaceId: string;
  aliceWorkspaceEditorId: string;
  aliceInvitationId: string;
  /** The token of an invitation of Alice's to Carol, who is nobody else here. */
  carolInvitationToken: string;
}

interface Rule {
  /** The request as Alice makes it for her own data. */
  request: (ids: Ids) => { path: string; body?: unknown; headers?: Record<string, string> };
  /**
   * Bob calling it on Alice's ids: the status refused with. 404 only where the route documents
   * that it hides whether the thing exists.
   */
  crossUser?: 403 | 404;
  /** Why Bob on Alice's data does not apply: the route takes no id, it serves the caller's own. */
  ownOnly?: string;
}

/** Each route's `access` as the catalogue declares it. */
const ACCESS = new Map<string, Access>(API_CATALOGUE.map((e) => [`${e.method} ${routerPathOf(e.path)}`, e.access]));
/**
 * The simulated network's own pages, outside the public API (so outside the catalogue), which a
 * browser loads without a session: why each is open.
 */
const OPEN_OUTSIDE_CATALOGUE: Record<string, string> = {
  'GET /api/v1/linkedin/sandbox/images/:postId/:position':
    "the simulated network's image CDN: a published post's images, as the network serves them",
  'GET /api/v1/linkedin/sandbox/captcha/:publicKey/api.js':
    'the sandbox CAPTCHA widget script, loaded by the sign-in popup',
};
const isOpen = (key: string) => ACCESS.get(key) === 'visitor' || key in OPEN_OUTSIDE_CATALOGUE;
const isAdmin = (key: string) => ACCESS.get(key) === 'admin';

const future = () => new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
const OWN = 'takes no id: it serves the caller only';
const NO_ID = (path: string) => () => ({ path });

const MATRIX: Record<string, Rule> = {
  'POST /api/v1/auth/magic-login': {
    request: () => ({ path: '/api/v1/auth/magic-login', body: { destination: 'someone@example.test' } }),
  },
  'GET /api/v1/auth/magic-login/verify': {
    request: NO_ID('/api/v1/auth/magic-login/verify?token=x'),
  },
  'POST /api/v1/auth/magic-login/verify': {
    request: (ids) => ({ path: '/api/v1/auth/magic-login/verify', body: { token: ids.visitorToken } }),
  },
  'GET /api/v1/auth/google': { request: NO_ID('/api/v1/auth/google') },
  'GET /api/v1/auth/google/callback': {
    request: NO_ID('/api/v1/auth/google/callback'),
  },
  'GET /api/v1/auth/logout': { request: NO_ID('/api/v1/auth/logout') },
  'POST /api/v1/auth/logout': { request: NO_ID('/api/v1/auth/logout') },
  'GET /api/v1/auth/client-config': { request: NO_ID('/api/v1/auth/client-config') },
  'GET /api/v1/auth/me': { ownOnly: OWN, request: NO_ID('/api/v1/auth/me') },
  'GET /api/v1/auth/sessions': { ownOnly: OWN, request: NO_ID('/api/v1/auth/sessions') },
  'POST /api/v1/auth/sessions/sign-out-everywhere': {
    ownOnly: "takes no id: it ends the caller's own sessions only",
    request: () => ({ path: '/api/v1/auth/sessions/sign-out-everywhere', body: { keepCurrent: true } }),
  },
  'DELETE /api/v1/auth/sessions/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/auth/sessions/${ids.aliceSessionHandle}` }),
  },
  'GET /api/v1/auth/tokens': { ownOnly: OWN, request: NO_ID('/api/v1/auth/tokens') },
  'POST /api/v1/auth/tokens': {
    ownOnly: 'takes no id: it makes a token for the caller only',
    request: () => ({ path: '/api/v1/auth/tokens', body: { name: 'Matrix', scopes: ['posts:read'] } }),
  },
  'DELETE /api/v1/auth/tokens/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/auth/tokens/${ids.aliceTokenId}` }),
  },
  'GET /api/v1/notifications': { ownOnly: OWN, request: NO_ID('/api/v1/notifications') },
  'POST /api/v1/notifications/read': {
    ownOnly: "marks the caller's own notifications only: ids of another user's are not found and stay unread",
    request: () => ({ path: '/api/v1/notifications/read', body: { all: true } }),
  },
  'GET /api/v1/notifications/preferences': { ownOnly: OWN, request: NO_ID('/api/v1/notifications/preferences') },
  'PUT /api/v1/notifications/preferences': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/notifications/preferences', body: { digestHour: 9 } }),
  },
  'GET /api/v1/notifications/push/key': { ownOnly: OWN, request: NO_ID('/api/v1/notifications/push/key') },
  'PUT /api/v1/notifications/push/subscription': {
    ownOnly:
      "registers a device on the caller's own account; an endpoint of another account moves only with that device's own keys",
    request: () => ({
      path: '/api/v1/notifications/push/subscription',
      body: {
        endpoint: 'https://push.example.test/send/alice-device',
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      },
    }),
  },
  'POST /api/v1/notifications/push/subscription/remove': {
    ownOnly: "removes a device from the caller's own account only: another account's endpoint is not found",
    request: () => ({
      path: '/api/v1/notifications/push/subscription/remove',
      body: { endpoint: 'https://push.example.test/send/alice-device' },
    }),
  },
  'GET /api/v1/notifications/push/devices': {
    ownOnly: OWN,
    request: NO_ID('/api/v1/notifications/push/devices'),
  },
  'POST /api/v1/notifications/push/devices/:id/remove': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/notifications/push/devices/${ids.alicePushDeviceId}/remove` }),
  },
  'GET /api/v1/webhooks': { ownOnly: OWN, request: NO_ID('/api/v1/webhooks') },
  'POST /api/v1/webhooks': {
    ownOnly: 'takes no id: it adds an endpoint for the caller only',
    request: (ids) => ({ path: '/api/v1/webhooks', body: { url: ids.webhookReceiverUrl, events: ['post.failed'] } }),
  },
  'DELETE /api/v1/webhooks/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/webhooks/${ids.aliceWebhookId}` }),
  },
  'GET /api/v1/webhooks/:id/deliveries': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/webhooks/${ids.aliceWebhookId}/deliveries` }),
  },
  'POST /api/v1/webhooks/:id/test': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/webhooks/${ids.aliceWebhookId}/test` }),
  },
  'POST /api/v1/webhooks/:id/deliveries/:deliveryId/redeliver': {
    crossUser: 404,
    request: (ids) => ({
      path: `/api/v1/webhooks/${ids.aliceWebhookId}/deliveries/${ids.aliceWebhookDeliveryId}/redeliver`,
    }),
  },
  'GET /api/v1/workspaces': { ownOnly: OWN, request: NO_ID('/api/v1/workspaces') },
  'POST /api/v1/workspaces': {
    ownOnly: 'takes no id: it makes a workspace the caller owns',
    request: () => ({ path: '/api/v1/workspaces', body: { name: 'Matrix' } }),
  },
  // The auth service's workspaces: "a workspace the caller is not a member of answers 404, like one that does not exist".
  'PATCH /api/v1/workspaces/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/workspaces/${ids.aliceWorkspaceId}`, body: { name: 'Hijacked' } }),
  },
  'GET /api/v1/workspaces/:id/members': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/members` }),
  },
  'POST /api/v1/workspaces/:id/invitations': {
    crossUser: 404,
    request: (ids) => ({
      path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/invitations`,
      body: { email: 'accomplice@hardening.test', role: 'admin' },
    }),
  },
  'DELETE /api/v1/workspaces/:id/invitations/:invitationId': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/invitations/${ids.aliceInvitationId}` }),
  },
  // An invitation is for the address it was sent to: anyone else holding its token is refused.
  'POST /api/v1/workspaces/invitations/accept': {
    crossUser: 403,
    request: (ids) => ({ path: '/api/v1/workspaces/invitations/accept', body: { token: ids.carolInvitationToken } }),
  },
  'PUT /api/v1/workspaces/:id/members/:userId/role': {
    crossUser: 404,
    request: (ids) => ({
      path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/members/${ids.aliceWorkspaceEditorId}/role`,
      body: { role: 'viewer' },
    }),
  },
  'DELETE /api/v1/workspaces/:id/members/:userId': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/members/${ids.aliceWorkspaceEditorId}` }),
  },
  'POST /api/v1/workspaces/:id/leave': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/leave` }),
  },
  'POST /api/v1/workspaces/:id/transfer': {
    crossUser: 404,
    request: (ids) => ({
      path: `/api/v1/workspaces/${ids.aliceWorkspaceId}/transfer`,
      body: { userId: ids.aliceWorkspaceEditorId },
    }),
  },
  'POST /api/v1/notifications/unsubscribe': {
    request: (ids) => ({
      path: '/api/v1/notifications/unsubscribe',
      body: { token: ids.aliceUnsubscribeToken, kind: 'post_published' },
    }),
  },
  'GET /api/v1/preferences/display': { ownOnly: OWN, request: NO_ID('/api/v1/preferences/display') },
  'PUT /api/v1/preferences/display': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/preferences/display', body: { weekStart: 'sunday' } }),
  },
  'PUT /api/v1/personalization': {
    ownOnly: OWN,
    request: () => ({
      path: '/api/v1/personalization',
      body: {
        jobTitle: 'Intruder',
        language: 'English',
        goals: ['Establish expertise'],
        interests: ['Productivity'],
        tones: ['Professional'],
        styles: ['Highly Technical Language'],
      },
    }),
  },

  'GET /api/v1/linkedin/providers': { ownOnly: OWN, request: NO_ID('/api/v1/linkedin/providers') },
  'GET /api/v1/linkedin/oauth/start': { ownOnly: OWN, request: NO_ID('/api/v1/linkedin/oauth/start') },
  'GET /api/v1/linkedin/oauth/callback': {
    ownOnly: 'takes no id: the state names a sign-in bound to the user who started it, refused for anyone else',
    request: NO_ID('/api/v1/linkedin/oauth/callback?state=x&code=y'),
  },
  'POST /api/v1/linkedin/accounts': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/linkedin/accounts', body: { username: 'x@sandbox.test', password: 'x' } }),
  },
  'POST /api/v1/linkedin/accounts/:accountId/challenges': {
    crossUser: 403,
    request: (ids) => ({
      path: `/api/v1/linkedin/accounts/${ids.aliceAccountId}/challenges`,
      body: { code: '123456' },
    }),
  },
  'GET /api/v1/linkedin/accounts/:accountId/challenges/in-app': {
    crossUser: 403,
    request: (ids) => ({ path: `/api/v1/linkedin/accounts/${ids.aliceAccountId}/challenges/in-app` }),
  },
  'POST /api/v1/linkedin/accounts/:accountId/challenges/resend': {
    crossUser: 403,
    request: (ids) => ({ path: `/api/v1/linkedin/accounts/${ids.aliceAccountId}/challenges/resend` }),
  },
  ...Object.fromEntries(
    ['getUserInfo', 'getUserProfile', 'getPosts', 'getUserProfileData'].map((name) => [
      `POST /linkedln/${name}`,
      {
        crossUser: 403,
        request: (ids: Ids) => ({ path: `/linkedln/${name}`, body: { data: { accountID: ids.aliceAccountId } } }),
      } satisfies Rule,
    ]),
  ),
  // Analytics over time: the caller's own snapshots; another user's network post is, for the caller, no post.
  'GET /api/v1/analytics/summary': { ownOnly: OWN, request: NO_ID('/api/v1/analytics/summary?days=30') },
  'GET /api/v1/analytics/posts/:postId': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/analytics/posts/${ids.aliceNetworkPostId}` }),
  },
  'GET /api/v1/analytics/page': {
    ownOnly: "looks the page up among the caller's own added pages: another user's answers 404 as unknown",
    request: NO_ID('/api/v1/analytics/page?organization=urn%3Ali%3Aorganization%3A1'),
  },
  'GET /api/v1/analytics/best-times': { ownOnly: OWN, request: NO_ID('/api/v1/analytics/best-times') },
  'GET /api/v1/analytics/export': { ownOnly: OWN, request: NO_ID('/api/v1/analytics/export?kind=posts') },
  'GET /api/v1/linkedin/sandbox/images/:postId/:position': {
    request: (ids) => ({ path: ids.sandboxImagePath }),
  },
  'GET /api/v1/linkedin/sandbox/captcha/:publicKey/api.js': {
    request: NO_ID('/api/v1/linkedin/sandbox/captcha/sandbox-key/api.js'),
  },

  'POST /linkedln/saveSchedulePost': {
    crossUser: 403,
    request: (ids) => ({
      path: '/linkedln/saveSchedulePost',
      body: {
        userId: ids.aliceUserId,
        content: 'Written by someone else',
        date: future(),
        time: '9:00 AM',
        status: 'scheduled',
        timeZone: 'Asia/Riyadh',
      },
    }),
  },
  'GET /linkedln/getScheduledPosts/:id': {
    crossUser: 403,
    request: (ids) => ({ path: `/linkedln/getScheduledPosts/${ids.aliceUserId}` }),
  },
  'POST /linkedln/createPost': {
    ownOnly: OWN,
    request: () => ({ path: '/linkedln/createPost', body: { text: 'Not yours to post' } }),
  },
  'GET /api/v1/posts': { ownOnly: OWN, request: NO_ID('/api/v1/posts') },
  // The posts service's routes/posts.ts: "A post of someone else answers 404, exactly like a post that does not exist."
  'GET /api/v1/posts/:id': { crossUser: 404, request: (ids) => ({ path: `/api/v1/posts/${ids.alicePostId}` }) },
  'PATCH /api/v1/posts/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/posts/${ids.alicePostId}`, body: { content: 'Hijacked' } }),
  },
  'DELETE /api/v1/posts/:id': { crossUser: 404, request: (ids) => ({ path: `/api/v1/posts/${ids.alicePostId}` }) },
  'GET /api/v1/drafts': { ownOnly: OWN, request: NO_ID('/api/v1/drafts') },
  'POST /api/v1/drafts': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/drafts', body: { content: 'Half a thought' } }),
  },
  // The posts service's drafts: "Someone else's draft answers 404, like a missing one."
  'PATCH /api/v1/drafts/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/drafts/${ids.aliceDraftId}`, body: { content: 'Hijacked' } }),
  },
  'DELETE /api/v1/drafts/:id': { crossUser: 404, request: (ids) => ({ path: `/api/v1/drafts/${ids.aliceDraftId}` }) },
  // The review of drafts: a draft (or post) of another workspace answers 404, like a missing one.
  'GET /api/v1/drafts/:id/review': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/drafts/${ids.aliceDraftId}/review` }),
  },
  'POST /api/v1/drafts/:id/submit': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/drafts/${ids.aliceDraftId}/submit`, body: { version: 1 } }),
  },
  'POST /api/v1/drafts/:id/approve': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/drafts/${ids.aliceDraftId}/approve`, body: { version: 1 } }),
  },
  'POST /api/v1/drafts/:id/request-changes': {
    crossUser: 404,
    request: (ids) => ({
      path: `/api/v1/drafts/${ids.aliceDraftId}/request-changes`,
      body: { version: 1, comment: 'Change it' },
    }),
  },
  'POST /api/v1/drafts/:id/comments': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/drafts/${ids.aliceDraftId}/comments`, body: { body: 'Nice' } }),
  },
  'GET /api/v1/posts/:id/activity': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/posts/${ids.alicePostId}/activity` }),
  },
  'GET /api/v1/review-settings': { ownOnly: OWN, request: NO_ID('/api/v1/review-settings') },
  'PUT /api/v1/review-settings': {
    ownOnly: "takes no id: it sets the rule of the caller's workspace, where the caller must be an admin",
    request: () => ({ path: '/api/v1/review-settings', body: { requiresApproval: true } }),
  },
  'POST /api/v1/media': {
    ownOnly: "takes no id: the file is stored as the caller's, and only its owner can read or attach it",
    request: () => ({ path: '/api/v1/media', body: {} }),
  },
  // The posts service's media: "another user's id answers 404".
  'GET /api/v1/media/:id': { crossUser: 404, request: (ids) => ({ path: `/api/v1/media/${ids.aliceMediaId}` }) },
  'GET /api/v1/media/:id/thumbnail': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/media/${ids.aliceMediaId}/thumbnail` }),
  },
  // The posting queue: the caller's own weekly slots, and posts put in the caller's own next free slot.
  'GET /api/v1/queue': { ownOnly: OWN, request: NO_ID('/api/v1/queue') },
  'PUT /api/v1/queue': {
    ownOnly: OWN,
    request: () => ({
      path: '/api/v1/queue',
      body: { slots: [{ weekday: 0, time: '09:00' }], timeZone: 'Asia/Riyadh' },
    }),
  },
  'POST /api/v1/queue/posts': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/queue/posts', body: { content: 'Queued by someone else' } }),
  },
  'POST /api/v1/posts/:id/retry': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/posts/${ids.alicePostId}/retry` }),
  },
  'POST /api/v1/posts/:id/connected-account': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/posts/${ids.alicePostId}/connected-account` }),
  },

  'GET /content/:blockName': { request: NO_ID('/content/hero') },
  'POST /content/:blockName/save_content/': {
    request: () => ({ path: '/content/hero/save_content/', body: { headline: 'Defaced', subheadline: 'by a user' } }),
  },

  'POST /api/v1/ai/generate': { ownOnly: OWN, request: () => ({ path: '/api/v1/ai/generate', body: { topic: 'x' } }) },
  'POST /api/v1/ai/rewrite': { ownOnly: OWN, request: () => ({ path: '/api/v1/ai/rewrite', body: { text: 'x' } }) },
  'POST /api/v1/ai/modify': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/ai/modify', body: { text: 'x', action: 'shorter' } }),
  },
  'GET /api/v1/ai/credits': { ownOnly: OWN, request: NO_ID('/api/v1/ai/credits') },
  // The writer's voice: measured from the caller's own posts, corrected by the caller.
  'GET /api/v1/ai/voice': { ownOnly: OWN, request: NO_ID('/api/v1/ai/voice') },
  'PUT /api/v1/ai/voice': { ownOnly: OWN, request: () => ({ path: '/api/v1/ai/voice', body: { emoji: 'never' } }) },
  // Company pages: listed from the caller's own connected member; a page is added to the caller's own account.
  'GET /api/v1/linkedin/pages': { ownOnly: OWN, request: NO_ID('/api/v1/linkedin/pages') },
  'POST /api/v1/linkedin/pages': {
    ownOnly: "takes no account id: the page is checked against, and added to, the caller's own connected member",
    request: () => ({ path: '/api/v1/linkedin/pages', body: { organization: 'urn:li:organization:1' } }),
  },
  'DELETE /api/v1/linkedin/pages/:organizationId': {
    ownOnly: "names a page, not an account: only the caller's own account's page is removed",
    request: NO_ID('/api/v1/linkedin/pages/1'),
  },
  'POST /api/v1/linkedin/voice/measure': {
    ownOnly: "takes no id: it reads the caller's own connected account's posts",
    request: NO_ID('/api/v1/linkedin/voice/measure'),
  },
  // Optimize Profile reviews what the caller sends, paid from the caller's credits; ideas are the caller's own.
  'POST /api/v1/ai/profile-review': {
    ownOnly: OWN,
    request: () => ({ path: '/api/v1/ai/profile-review', body: { headline: 'Founder' } }),
  },
  'GET /api/v1/ai/ideas': { ownOnly: OWN, request: NO_ID('/api/v1/ai/ideas') },
  'GET /api/v1/ai/choices': { ownOnly: OWN, request: NO_ID('/api/v1/ai/choices') },
  'PUT /api/v1/ai/choices': {
    ownOnly: OWN,
    request: () => ({
      path: '/api/v1/ai/choices',
      body: {
        goals: ['Establish expertise'],
        styles: ['Highly Technical Language'],
        tones: ['Professional'],
        postFrequency: 'Daily',
        interests: ['Productivity'],
      },
    }),
  },
  // The admin area's look at a user: the account, its plan, its AI credits, and granting credits.
  'GET /api/v1/auth/admin/users': {
    request: () => ({ path: '/api/v1/auth/admin/users?email=alice%40hardening.test' }),
  },
  'GET /api/v1/billing/admin/users/:userId': {
    request: (ids) => ({ path: `/api/v1/billing/admin/users/${ids.aliceUserId}` }),
  },
  'GET /api/v1/ai/admin/credits/:userId': {
    request: (ids) => ({ path: `/api/v1/ai/admin/credits/${ids.aliceUserId}` }),
  },
  'POST /api/v1/ai/admin/credits/:userId': {
    request: (ids) => ({ path: `/api/v1/ai/admin/credits/${ids.aliceUserId}`, body: { amount: 10 } }),
  },
  // The user's own data: each service's part of 'Download my data', and 'Delete my account'.
  'GET /api/v1/auth/export': { ownOnly: OWN, request: NO_ID('/api/v1/auth/export') },
  'GET /api/v1/linkedin/export': { ownOnly: OWN, request: NO_ID('/api/v1/linkedin/export') },
  'GET /api/v1/posts/export': { ownOnly: OWN, request: NO_ID('/api/v1/posts/export') },
  'GET /api/v1/ai/export': { ownOnly: OWN, request: NO_ID('/api/v1/ai/export') },
  'GET /api/v1/engage/export': { ownOnly: OWN, request: NO_ID('/api/v1/engage/export') },
  'GET /api/v1/billing/export': { ownOnly: OWN, request: NO_ID('/api/v1/billing/export') },
  'GET /api/v1/library/export': { ownOnly: OWN, request: NO_ID('/api/v1/library/export') },
  'DELETE /api/v1/auth/account': {
    ownOnly: "takes no id: it deletes the caller's own account, confirmed with its e-mail",
    request: () => ({ path: '/api/v1/auth/account', body: { confirmation: 'alice@hardening.test' } }),
  },
  // The audit trail of administrators' actions.
  'GET /api/v1/auth/admin/audit': { request: NO_ID('/api/v1/auth/admin/audit') },
  'GET /api/v1/content/admin/audit': { request: NO_ID('/api/v1/content/admin/audit') },
  'GET /api/v1/ai/admin/audit': { request: NO_ID('/api/v1/ai/admin/audit') },
  // The inspiration library: posts every user reads, favourites each workspace keeps for its members.
  'GET /api/v1/library/posts': {
    ownOnly:
      "the library's posts are shared; the favourite marks and `favourites=1` are those of the workspace the caller acts in",
    request: NO_ID('/api/v1/library/posts?q=launch'),
  },
  'PUT /api/v1/library/favourites/:postId': {
    ownOnly: "the id names a shared library post: it is saved among the favourites of the caller's workspace only",
    request: (ids) => ({ path: `/api/v1/library/favourites/${ids.libraryPostId}` }),
  },
  // The content service's library routes: another workspace's favourite is, for the caller, no favourite (404).
  'DELETE /api/v1/library/favourites/:postId': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/library/favourites/${ids.libraryPostId}` }),
  },
  'GET /api/v1/library/admin/posts': { request: NO_ID('/api/v1/library/admin/posts') },
  'POST /api/v1/library/admin/posts': {
    request: () => ({
      path: '/api/v1/library/admin/posts',
      body: { lang: 'en', author: 'Matrix', body: 'A post the admin adds', topic: 'sales', format: 'list' },
    }),
  },
  'PATCH /api/v1/library/admin/posts/:postId': {
    request: (ids) => ({ path: `/api/v1/library/admin/posts/${ids.libraryPostId}`, body: { hidden: false } }),
  },

  // Plans, the caller's entitlement and the test-payments pages.
  'GET /api/v1/billing/plans': {
    request: NO_ID('/api/v1/billing/plans'),
  },
  'GET /api/v1/billing/me': { ownOnly: OWN, request: NO_ID('/api/v1/billing/me') },
  'POST /api/v1/billing/checkout': {
    ownOnly: "takes no id: it starts the caller's own checkout, at the plan's price",
    request: () => ({ path: '/api/v1/billing/checkout', body: { planId: 'basic' } }),
  },
  'POST /api/v1/billing/portal': { ownOnly: OWN, request: NO_ID('/api/v1/billing/portal') },
  'POST /api/v1/billing/webhooks/:provider': {
    request: () => {
      const body = {
        id: 'evt_matrix',
        type: 'checkout.completed',
        occurredAt: new Date().toISOString(),
        userId: null,
        customerId: 'cus_nobody',
        subscription: null,
      };
      return {
        path: '/api/v1/billing/webhooks/test-payments',
        body,
        headers: { [TEST_SIGNATURE_HEADER]: testPaymentsSignature(TEST_INTERNAL_SECRET, JSON.stringify(body)) },
      };
    },
  },
  'GET /api/v1/billing/test-payments/checkout/:sessionId': {
    crossUser: 404,
    request: (ids) => ({ path: ids.aliceCheckoutPath }),
  },
  'POST /api/v1/billing/test-payments/checkout/:sessionId/pay': {
    crossUser: 404,
    request: (ids) => ({ path: `${ids.aliceCheckoutPath}/pay`, body: {} }),
  },
  'GET /api/v1/billing/test-payments/portal/:sessionId': {
    crossUser: 404,
    request: (ids) => ({ path: ids.alicePortalPath }),
  },
  'POST /api/v1/billing/test-payments/portal/:sessionId/cancel': {
    crossUser: 404,
    request: (ids) => ({ path: `${ids.alicePortalPath}/cancel`, body: {} }),
  },
  'POST /api/v1/billing/test-payments/portal/:sessionId/fail': {
    crossUser: 404,
    request: (ids) => ({ path: `${ids.alicePortalPath}/fail`, body: {} }),
  },
  'POST /api/v1/billing/test-payments/portal/:sessionId/pay': {
    crossUser: 404,
    request: (ids) => ({ path: `${ids.alicePortalPath}/pay`, body: {} }),
  },

  // Engage: the caller's own people, topics, feed and comments.
  'GET /api/v1/engage/targets': { ownOnly: OWN, request: NO_ID('/api/v1/engage/targets') },
  'GET /api/v1/engage/creators': {
    ownOnly: "takes no id: the provider's creators, the same for every caller",
    request: NO_ID('/api/v1/engage/creators'),
  },
  'POST /api/v1/engage/people': {
    ownOnly: "takes no id: it adds to the caller's own list",
    request: () => ({ path: '/api/v1/engage/people', body: { profileUrl: 'https://www.linkedin.com/in/liam-patel' } }),
  },
  'DELETE /api/v1/engage/people/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/engage/people/${ids.engagePersonId}` }),
  },
  'POST /api/v1/engage/topics': {
    ownOnly: "takes no id: it adds to the caller's own list",
    request: () => ({ path: '/api/v1/engage/topics', body: { topic: 'matrix' } }),
  },
  'DELETE /api/v1/engage/topics/:id': {
    crossUser: 404,
    request: (ids) => ({ path: `/api/v1/engage/topics/${ids.engageTopicId}` }),
  },
  'GET /api/v1/engage/feed': { ownOnly: OWN, request: NO_ID('/api/v1/engage/feed') },
  'GET /api/v1/engage/inspiration': { ownOnly: OWN, request: NO_ID('/api/v1/engage/inspiration') },
  'POST /api/v1/engage/posts/:postId/suggestions': {
    crossUser: 404,
    request: () => ({ path: '/api/v1/engage/posts/sbx-emma-carter-1/suggestions', body: { lang: 'en' } }),
  },
  'POST /api/v1/engage/comments': {
    crossUser: 404,
    request: () => ({
      path: '/api/v1/engage/comments',
      body: { postId: 'sbx-emma-carter-1', key: '00000000-0000-4000-8000-000000000001', text: 'Hello' },
    }),
  },
  'GET /api/v1/engage/comments': { ownOnly: OWN, request: NO_ID('/api/v1/engage/comments') },
  'GET /api/v1/engage/allowance': { ownOnly: OWN, request: NO_ID('/api/v1/engage/allowance') },
  'GET /api/v1/engage/network': { ownOnly: OWN, request: NO_ID('/api/v1/engage/network') },
  'GET /api/v1/engage/people/search': {
    ownOnly: "takes no id: it searches the provider's people, the same for every caller",
    request: NO_ID('/api/v1/engage/people/search?q=sara'),
  },
  'POST /api/v1/engage/posts/by-url': {
    ownOnly: "takes no id: it brings a post into the caller's own feed",
    request: () => ({
      path: '/api/v1/engage/posts/by-url',
      body: { url: 'https://sandbox.nashr.example/posts/sbx-emma-carter-1', lang: 'en' },
    }),
  },
  'GET /api/v1/engage/autopilot': { ownOnly: OWN, request: NO_ID('/api/v1/engage/autopilot') },
  'PUT /api/v1/engage/autopilot': {
    crossUser: 404,
    request: (ids) => ({
      path: '/api/v1/engage/autopilot',
      body: {
        enabled: true,
        dailyCap: 2,
        hours: { start: '09:00', end: '18:00' },
        timeZone: 'UTC',
        suggestion: 'question',
        personIds: [ids.engagePersonId],
      },
    }),
  },
  'PUT /api/v1/engage/autopilot/pause': {
    ownOnly: "takes no id: it pauses the caller's own autopilot",
    request: () => ({ path: '/api/v1/engage/autopilot/pause', body: { paused: true } }),
  },
};

let stack: Stack;
let alice: string;
let bob: string;
let admin: string;
let ids: Ids;
let receiver: http.Server | undefined;

async function ok(method: string, path: string, cookie: string, body?: unknown) {
  const res = await send(stack, method, path, { cookie, body });
  expect(res.status, `${method} ${path}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** The roles of a workspace below its owner, each held by one signed-in member of Alice's team. */
const TEAM_ROLES = ['admin', 'editor', 'contributor', 'viewer'] as const;
type TeamRole = 'owner' | (typeof TEAM_ROLES)[number];
/** Alice's team workspace: the session of its member in each role (Alice is its owner). */
const team = {} as Record<TeamRole, string>;

/** Invites `email` into Alice's team (the auth worker mails it) and returns the token of the mailed link. */
async function inviteToAliceTeam(
  workspaceId: string,
  email: string,
  role: string,
): Promise<{ id: string; token: string }> {
  const mail = stack.mail;
  if (!mail) throw new Error('invitations need the auth worker');
  const before = mail.messages().filter((m) => m.envelope.to.includes(email)).length;
  const invited = await ok('POST', `/api/v1/workspaces/${workspaceId}/invitations`, alice, { email, role, lang: 'en' });
  let text = '';
  for (const deadline = Date.now() + 15_000; !text; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const mine = mail.messages().filter((m) => m.envelope.to.includes(email));
    text = mine.length > before ? (mine[0]?.text ?? '') : '';
    if (!text && Date.now() > deadline) throw new Error(`no invitation to ${email} arrived within 15 s`);
  }
  const token = /\/workspaces\/accept#token=([A-Za-z0-9_%-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no accept link in the invitation to ${email}`);
  return { id: invited.data.invitation.id as string, token: decodeURIComponent(token) };
}

/** The user id behind a cookie, read the way the gateway reads it. */
async function userIdOf(cookie: string): Promise<string> {
  const unsigned = fastifyCookie.unsign(decodeURIComponent(cookie.slice('sid='.length)), COOKIE_SECRET);
  const identity = unsigned.valid && unsigned.value ? await stack.sessions.get(unsigned.value) : null;
  if (!identity) throw new Error('the cookie names no session');
  return identity.userId;
}

beforeAll(async () => {
  stack = await startStack({ gateway: true, workers: ['auth'] });
  [alice, bob, admin] = [
    await signInByMail(stack, 'alice@hardening.test'),
    await signInByMail(stack, 'bob@hardening.test'),
    await signInByMail(stack, ADMIN_EMAIL),
  ];
  const aliceUserId = await userIdOf(alice);
  // Alice's real data, made through the routes: a connected network account (after a 2FA
  // checkpoint), a scheduled post, her personalization, composer choices and an AI draft.
  const pending = await ok('POST', '/api/v1/linkedin/accounts', alice, {
    username: '2fa@sandbox.test',
    password: 'her password',
  });
  const accountId = pending.data.account_id as string;
  await ok('POST', `/api/v1/linkedin/accounts/${accountId}/challenges`, alice, { code: '123456' });
  const post = await ok('POST', '/linkedln/saveSchedulePost', alice, {
    userId: aliceUserId,
    content: 'Alice has something to say',
    date: future(),
    time: '10:30 AM',
    status: 'scheduled',
    timeZone: 'Asia/Riyadh',
  });
  const draft = await ok('POST', '/api/v1/drafts', alice, { content: 'Alice is still thinking' });
  // An image of hers, uploaded as the browser sends it: the file itself as the body.
  const uploaded = await fetch(`${stack.gatewayUrl}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: alice, 'content-type': 'image/gif' },
    body: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  });
  expect(uploaded.status, await uploaded.clone().text()).toBe(201);
  const aliceMediaId = ((await uploaded.json()) as { data: { id: string } }).data.id;
  // A post with an image already on the simulated network (its own tables: no worker runs here).
  const [sandboxAccount] = await stack.sql<{ id: string }[]>`
    select id from linkedin.sandbox_accounts order by created_at limit 1`;
  await stack.sql`insert into linkedin.sandbox_posts (id, account_id, text, reactions, comments, reposts, impressions, created_at)
    values ('7000000000000000001', ${sandboxAccount?.id ?? ''}, 'With a picture', 0, 0, 0, 0, now())`;
  await stack.sql`insert into linkedin.sandbox_images (post_id, position, content_type, data)
    values ('7000000000000000001', 0, 'image/gif', ${Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')})`;
  await ok('PUT', '/api/v1/personalization', alice, MATRIX['PUT /api/v1/personalization']!.request({} as Ids).body);
  await ok('PUT', '/api/v1/ai/choices', alice, MATRIX['PUT /api/v1/ai/choices']!.request({} as Ids).body);
  await ok('POST', '/api/v1/ai/generate', alice, { topic: 'Our launch', lang: 'en' });
  // Bob has an account too, so "not connected" is never the reason he is refused.
  await ok('POST', '/api/v1/linkedin/accounts', bob, { username: 'bob@sandbox.test', password: 'his password' });
  const aliceSessions = (await ok('GET', '/api/v1/auth/sessions', alice)).data.sessions;
  await ok('PUT', '/api/v1/notifications/push/subscription', alice, {
    endpoint: 'https://push.example.test/send/alice-phone',
    keys: { p256dh: `B${'B'.repeat(86)}`, auth: 'B'.repeat(22) },
  });
  const alicePushDevices = (await ok('GET', '/api/v1/notifications/push/devices', alice)).data.devices;
  const aliceToken = await ok('POST', '/api/v1/auth/tokens', alice, { name: 'Matrix', scopes: ['posts:read'] });
  // A webhook of Alice's (for failed posts only: no event of this setup reaches it), with one
  // test event delivered to a receiver here, so its log no longer changes during the checks.
  const server = http.createServer((req, res) => req.resume().on('end', () => res.end('ok')));
  receiver = server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const webhookReceiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const webhook = await ok('POST', '/api/v1/webhooks', alice, { url: webhookReceiverUrl, events: ['post.failed'] });
  const aliceWebhookId = webhook.data.endpoint.id as string;
  await ok('POST', `/api/v1/webhooks/${aliceWebhookId}/test`, alice);
  const logOfAlice = async () =>
    (await ok('GET', `/api/v1/webhooks/${aliceWebhookId}/deliveries`, alice)).data.deliveries as {
      id: string;
      status: string;
    }[];
  let deliveries = await logOfAlice();
  for (const deadline = Date.now() + 15_000; deliveries[0]?.status !== 'delivered'; deliveries = await logOfAlice()) {
    if (Date.now() > deadline) throw new Error(`the test event was not delivered: ${JSON.stringify(deliveries)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // Saving preferences gives Alice the secret her e-mails' unsubscribe tokens are made with.
  await ok('PUT', '/api/v1/notifications/preferences', alice, { digestHour: 9 });
  const [unsubscribe] = await stack.sql<{ token: string }[]>`
    select unsubscribe_token as token from auth.notification_preferences where user_id = ${aliceUserId}`;
  const libraryPost = await ok('POST', '/api/v1/library/admin/posts', admin, {
    lang: 'en',
    author: 'Matrix',
    body: 'A launch story worth learning from',
    topic: 'marketing',
    format: 'story',
  });
  await ok('PUT', `/api/v1/library/favourites/${libraryPost.data.id}`, alice);
  // Alice's billing: one checkout left open, and a plan paid through another, with its portal.
  const aliceCheckoutPath = (await ok('POST', '/api/v1/billing/checkout', alice, { planId: 'basic' })).url as string;
  const paid = (await ok('POST', '/api/v1/billing/checkout', alice, { planId: 'pro' })).url as string;
  const payment = await send(stack, 'POST', `${paid}/pay`, { cookie: alice, body: {} });
  expect(payment.status, payment.body).toBe(303);
  const alicePortalPath = (await ok('POST', '/api/v1/billing/portal', alice)).url as string;
  const engagePerson = await ok('POST', '/api/v1/engage/people', alice, {
    profileUrl: 'https://www.linkedin.com/in/emma-carter',
  });
  const engageTopic = await ok('POST', '/api/v1/engage/topics', alice, { topic: 'Leadership' });
  // Alice's team workspace: a member in each role, each signed in and joined by an invitation by mail.
  const aliceWorkspaceId = (await ok('POST', '/api/v1/workspaces', alice, { name: 'Matrix team' })).data.workspace
    .id as string;
  team.owner = alice;
  for (const role of TEAM_ROLES) {
    const email = `team-${role}@hardening.test`;
    const { token } = await inviteToAliceTeam(aliceWorkspaceId, email, role);
    team[role] = await signInByMail(stack, email);
    await ok('POST', '/api/v1/workspaces/invitations/accept', team[role], { token });
  }
  const carolInvitation = await inviteToAliceTeam(aliceWorkspaceId, 'carol@hardening.test', 'editor');
  ids = {
    aliceWorkspaceId,
    aliceWorkspaceEditorId: await userIdOf(team.editor),
    aliceInvitationId: carolInvitation.id,
    carolInvitationToken: carolInvitation.token,
    engagePersonId: engagePerson.person.id as string,
    engageTopicId: engageTopic.topic.id as string,
    libraryPostId: libraryPost.data.id as string,
    aliceCheckoutPath,
    alicePortalPath,
    aliceUserId,
    aliceAccountId: accountId,
    alicePostId: post.data.id as string,
    aliceDraftId: draft.data.id as string,
    aliceMediaId,
    sandboxImagePath: '/api/v1/linkedin/sandbox/images/7000000000000000001/0',
    aliceNetworkPostId: '7000000000000000001',
    aliceSessionHandle: aliceSessions[0].id as string,
    aliceTokenId: aliceToken.data.apiToken.id as string,
    aliceWebhookId,
    aliceWebhookDeliveryId: deliveries[0]?.id ?? '',
    webhookReceiverUrl,
    alicePushDeviceId: alicePushDevices[0].id as string,
    visitorToken: await signInToken(stack, 'visitor@hardening.test'),
    aliceUnsubscribeToken: unsubscribeTokenFor(aliceUserId, unsubscribe?.token ?? '', 'post_published'),
  };
}, 180_000);

afterAll(async () => {
  await stack?.close();
  receiver?.close();
});

/** Sends a request that must be refused with one of `statuses`, and checks it changed nothing. */
async function expectRefused(key: string, who: string, cookie: string | undefined, statuses: number[]) {
  const rule = MATRIX[key]!;
  const method = key.split(' ')[0]!;
  const { path, body } = rule.request(ids);
  const before = await stack.snapshot();
  const res = await send(stack, method, path, { cookie, body });
  const context = `${key} ${who}: ${res.status} ${res.body.slice(0, 200)}`;
  expect(statuses, context).toContain(res.status);
  expect(problemWith(res), context).toBeNull();
  expect(await stack.snapshot(), `${context} changed stored data`).toEqual(before);
}

/** A request and a snapshot of every table per route: seconds on a quiet machine, far more on a busy one. */
const MATRIX_TIMEOUT_MS = 120_000;

describe('authorization matrix through the gateway', () => {
  it('classifies every route the services register', () => {
    const registered = SERVICES.flatMap((s) => publicRoutesOf(stack.apps[s]).map((r) => `${r.method} ${r.url}`));
    expect(
      registered.filter((key) => !MATRIX[key]),
      'routes nobody has classified',
    ).toEqual([]);
    expect(
      Object.keys(MATRIX).filter((key) => !registered.includes(key)),
      'classified routes that are gone',
    ).toEqual([]);
    expect(
      registered.filter((key) => !ACCESS.has(key) && !(key in OPEN_OUTSIDE_CATALOGUE)),
      'routes the catalogue does not declare',
    ).toEqual([]);
  });

  it(
    'refuses every non-open route without a session (401), and the open ones are the documented ones',
    async () => {
      for (const [key, rule] of Object.entries(MATRIX)) {
        if (isOpen(key)) {
          const method = key.split(' ')[0]!;
          const { path, body, headers } = rule.request(ids);
          const res = await send(stack, method, path, { body, headers });
          expect(res.status, `${key} is open to visitors but refused one: ${res.body}`).toBeLessThan(400);
          continue;
        }
        await expectRefused(key, 'without a session', undefined, [401]);
      }
    },
    MATRIX_TIMEOUT_MS,
  );

  it(
    'refuses a forged or stale cookie like no session at all',
    async () => {
      for (const cookie of [`sid=${'A'.repeat(43)}`, `${alice.slice(0, -2)}xx`, 'sid=s%3Ax.y']) {
        await expectRefused('GET /api/v1/auth/me', `with cookie ${cookie.slice(0, 20)}`, cookie, [401]);
        await expectRefused('PATCH /api/v1/posts/:id', `with cookie ${cookie.slice(0, 20)}`, cookie, [401]);
      }
    },
    MATRIX_TIMEOUT_MS,
  );

  it(
    "refuses Bob on Alice's ids: 403, or 404 where the route hides existence",
    async () => {
      const crossing = Object.entries(MATRIX).filter(([, rule]) => rule.crossUser);
      expect(crossing.length).toBeGreaterThan(10);
      for (const [key, rule] of crossing) await expectRefused(key, "as Bob on Alice's ids", bob, [rule.crossUser!]);
      const others = Object.entries(MATRIX).filter(([key, r]) => !r.crossUser && !isOpen(key) && !isAdmin(key));
      for (const [key, rule] of others)
        expect(rule.ownOnly, `${key} must say why Bob cannot reach Alice's data`).toBeTruthy();
    },
    MATRIX_TIMEOUT_MS,
  );

  it('refuses a signed-in user who is not an admin on the admin routes (403), and lets the admin in', async () => {
    const adminRoutes = Object.entries(MATRIX).filter(([key]) => isAdmin(key));
    expect(adminRoutes.length).toBeGreaterThan(0);
    for (const [key] of adminRoutes) await expectRefused(key, 'as Bob (not an admin)', bob, [403]);
    // The same requests succeed for the admin: the refusals above were about the role, nothing else.
    for (const [key, rule] of adminRoutes) {
      const { path, body } = rule.request(ids);
      const res = await send(stack, key.split(' ')[0]!, path, { cookie: admin, body });
      expect(res.status, `${key} as the admin: ${res.body}`).toBe(200);
    }
  });

  it("leaves Alice's session and data as they were", async () => {
    const me = await send(stack, 'GET', '/api/v1/auth/me', { cookie: alice });
    expect(me.status).toBe(200);
    const post = (await send(stack, 'GET', `/api/v1/posts/${ids.alicePostId}`, { cookie: alice })).json();
    expect(post.data).toMatchObject({ content: 'Alice has something to say', status: 'scheduled', version: 1 });
    const info = await send(stack, 'POST', '/linkedln/getUserInfo', { cookie: alice, body: {} });
    expect(info.json().data).toMatchObject({ accountID: ids.aliceAccountId, status: 'connected' });
    const ownList = await send(stack, 'GET', `/linkedln/getScheduledPosts/${ids.aliceUserId}`, { cookie: alice });
    expect(ownList.json().data.map((p: { id: string }) => p.id)).toEqual([ids.alicePostId]);
  });

  it('lets nobody reach a service directly without the internal secret', async () => {
    for (const service of SERVICES) {
      const res = await stack.apps[service].inject({
        method: 'GET',
        url: '/api/v1/auth/me',
        headers: { 'x-user-id': ids.aliceUserId, 'x-user-email': 'alice@hardening.test', 'x-user-roles': 'admin' },
      });
      expect(res.statusCode, service).toBe(403);
      expect(problemWith(fromInject(res))).toBeNull();
    }
  });
});

/** The routes that act in the workspace the Nashr-Workspace header names (`workspace` in the catalogue). */
const ACTING_IN_WORKSPACE = API_CATALOGUE.filter((e) => e.workspace).map((e) => `${e.method} ${routerPathOf(e.path)}`);

describe('posts and drafts in a workspace, through the gateway', () => {
  it(
    "refuses Bob naming Alice's team workspace on every route that acts in one (404), changing nothing",
    async () => {
      expect(ACTING_IN_WORKSPACE.length).toBeGreaterThan(5);
      for (const key of ACTING_IN_WORKSPACE) {
        const rule = MATRIX[key];
        expect(rule, `${key} is in the matrix`).toBeDefined();
        const { path, body } = rule!.request(ids);
        const before = await stack.snapshot();
        const res = await send(stack, key.split(' ')[0]!, path, {
          cookie: bob,
          body,
          headers: { [WORKSPACE_HEADER]: ids.aliceWorkspaceId },
        });
        const context = `${key} as Bob in Alice's team: ${res.status} ${res.body.slice(0, 200)}`;
        expect(res.status, context).toBe(404);
        expect(res.json().code, context).toBe(WORKSPACE_ERROR_CODES.notFound);
        expect(problemWith(res), context).toBeNull();
        expect(await stack.snapshot(), `${context} changed stored data`).toEqual(before);
      }
    },
    MATRIX_TIMEOUT_MS,
  );

  it("lets a member of the team write drafts there, apart from Alice's personal ones", async () => {
    // The posts service's copy of the team's members, as auth's workspace-members-changed event leaves it.
    const editorId = await userIdOf(team.editor);
    await stack.sql`insert into posts.workspace_members (workspace_id, user_id, role)
      values (${ids.aliceWorkspaceId}, ${ids.aliceUserId}, 'owner'), (${ids.aliceWorkspaceId}, ${editorId}, 'editor')
      on conflict do nothing`;
    const inTeam = { [WORKSPACE_HEADER]: ids.aliceWorkspaceId };
    const empty = await send(stack, 'GET', '/api/v1/drafts', { cookie: team.editor, headers: inTeam });
    expect(empty.json().data).toEqual([]);
    const made = await send(stack, 'POST', '/api/v1/drafts', {
      cookie: team.editor,
      body: { content: 'For the team' },
      headers: inTeam,
    });
    expect(made.status, made.body).toBe(201);
    expect(made.json().data).toMatchObject({ workspaceId: ids.aliceWorkspaceId, userId: editorId });
    const seen = await send(stack, 'GET', '/api/v1/drafts', { cookie: alice, headers: inTeam });
    expect(seen.json().data.map((d: { id: string }) => d.id)).toEqual([made.json().data.id]);
    const personal = await send(stack, 'GET', '/api/v1/drafts', { cookie: alice });
    expect(personal.json().data.map((d: { id: string }) => d.id)).toEqual([ids.aliceDraftId]);
    const gone = await send(stack, 'DELETE', `/api/v1/drafts/${made.json().data.id}`, {
      cookie: alice,
      headers: inTeam,
    });
    expect(gone.status, gone.body).toBe(200);
  });
});

/**
 * Who in a workspace may review its drafts: the roles not listed are refused with 403 and change
 * nothing; the allowed ones get past the role (to Alice's personal draft and post, which are not
 * the team's: 404), never data of another workspace. A member of another workspace only (Bob) is
 * refused with 404 in the matrix above.
 */
const REVIEW_ROLE_RULES: Record<string, readonly TeamRole[]> = {
  'GET /api/v1/drafts/:id/review': ['owner', ...TEAM_ROLES],
  'POST /api/v1/drafts/:id/submit': ['owner', 'admin', 'editor', 'contributor'],
  'POST /api/v1/drafts/:id/approve': ['owner', 'admin'],
  'POST /api/v1/drafts/:id/request-changes': ['owner', 'admin'],
  'POST /api/v1/drafts/:id/comments': ['owner', 'admin', 'editor', 'contributor'],
  'GET /api/v1/posts/:id/activity': ['owner', ...TEAM_ROLES],
  'GET /api/v1/review-settings': ['owner', ...TEAM_ROLES],
  'PUT /api/v1/review-settings': ['owner', 'admin'],
};

describe('review routes by workspace role, through the gateway', () => {
  it('names a rule for every review route', () => {
    const review = Object.values(API.review).map((e) => `${e.method} ${routerPathOf(e.path)}`);
    expect(Object.keys(REVIEW_ROLE_RULES).sort()).toEqual(review.sort());
  });

  it(
    'refuses every role below what a review route needs, and shows the others nothing of another workspace',
    async () => {
      // The posts service's copy of the team's members, as auth's workspace-members-changed event leaves it.
      for (const role of ['owner', ...TEAM_ROLES] as const) {
        await stack.sql`insert into posts.workspace_members (workspace_id, user_id, role)
          values (${ids.aliceWorkspaceId}, ${await userIdOf(team[role])}, ${role})
          on conflict (workspace_id, user_id) do update set role = excluded.role`;
      }
      const inTeam = { [WORKSPACE_HEADER]: ids.aliceWorkspaceId };
      for (const [key, allowed] of Object.entries(REVIEW_ROLE_RULES)) {
        const method = key.split(' ')[0]!;
        const { path, body } = MATRIX[key]!.request(ids);
        for (const role of ['owner', ...TEAM_ROLES] as const) {
          const before = await stack.snapshot();
          const res = await send(stack, method, path, { cookie: team[role], body, headers: inTeam });
          const context = `${key} as the team's ${role}: ${res.status} ${res.body.slice(0, 200)}`;
          if (allowed.includes(role)) {
            // Past the role: Alice's personal draft and post are not the team's; the settings are.
            if (key.includes(':id')) expect(res.status, context).toBe(404);
            else expect(res.status, context).toBe(200);
          } else {
            expect(res.status, context).toBe(403);
            expect(res.json().code, context).toBe(WORKSPACE_ERROR_CODES.roleTooLow);
            expect(await stack.snapshot(), `${context} changed stored data`).toEqual(before);
          }
          expect(problemWith(res), context).toBeNull();
        }
      }
      // Take the rule back off: the matrix's other tests schedule in the team without a draft.
      await send(stack, 'PUT', '/api/v1/review-settings', {
        cookie: team.owner,
        body: { requiresApproval: false },
        headers: inTeam,
      });
    },
    MATRIX_TIMEOUT_MS,
  );
});

describe("the library's favourites by workspace role, through the gateway", () => {
  it("lets every member read the team's favourites, and refuses a viewer who changes them (403)", async () => {
    // The content service's copy of the team's members, as auth's workspace-members-changed event leaves it.
    for (const role of ['owner', ...TEAM_ROLES] as const) {
      await stack.sql`insert into content.workspace_members (workspace_id, user_id, role)
        values (${ids.aliceWorkspaceId}, ${await userIdOf(team[role])}, ${role})
        on conflict (workspace_id, user_id) do update set role = excluded.role`;
    }
    const inTeam = { [WORKSPACE_HEADER]: ids.aliceWorkspaceId };
    const favourite = `/api/v1/library/favourites/${ids.libraryPostId}`;
    const teamFavourites = async (cookie: string) => {
      const res = await send(stack, 'GET', '/api/v1/library/posts?favourites=1', { cookie, headers: inTeam });
      expect(res.status, res.body).toBe(200);
      return res.json().data.posts.map((p: { id: string }) => p.id);
    };
    // Alice's personal favourite is not the team's.
    expect(await teamFavourites(team.owner)).toEqual([]);
    for (const method of ['PUT', 'DELETE']) {
      const before = await stack.snapshot();
      const res = await send(stack, method, favourite, { cookie: team.viewer, headers: inTeam });
      const context = `${method} ${favourite} as the team's viewer: ${res.status} ${res.body.slice(0, 200)}`;
      expect(res.status, context).toBe(403);
      expect(res.json().code, context).toBe(WORKSPACE_ERROR_CODES.roleTooLow);
      expect(problemWith(res), context).toBeNull();
      expect(await stack.snapshot(), `${context} changed stored data`).toEqual(before);
    }
    const saved = await send(stack, 'PUT', favourite, { cookie: team.contributor, headers: inTeam });
    expect(saved.status, saved.body).toBe(200);
    for (const role of ['owner', ...TEAM_ROLES] as const) {
      expect(await teamFavourites(team[role]), role).toEqual([ids.libraryPostId]);
    }
    const removed = await send(stack, 'DELETE', favourite, { cookie: team.editor, headers: inTeam });
    expect(removed.status, removed.body).toBe(200);
    expect(await teamFavourites(team.viewer)).toEqual([]);
  });
});

/**
 * Who in a workspace may call each of its routes: the roles not listed are refused with 403 and
 * change nothing (Bob, a member of other workspaces only, is refused with 404 in the matrix above).
 */
const WORKSPACE_ROLE_RULES: Record<string, { allowed: readonly TeamRole[]; refusedWith?: number }> = {
  'GET /api/v1/workspaces/:id/members': { allowed: ['owner', ...TEAM_ROLES] },
  'PATCH /api/v1/workspaces/:id': { allowed: ['owner', 'admin'] },
  'POST /api/v1/workspaces/:id/invitations': { allowed: ['owner', 'admin'] },
  'DELETE /api/v1/workspaces/:id/invitations/:invitationId': { allowed: ['owner', 'admin'] },
  'PUT /api/v1/workspaces/:id/members/:userId/role': { allowed: ['owner', 'admin'] },
  'DELETE /api/v1/workspaces/:id/members/:userId': { allowed: ['owner', 'admin'] },
  'POST /api/v1/workspaces/:id/transfer': { allowed: ['owner'] },
  // The owner cannot leave before transferring ownership.
  'POST /api/v1/workspaces/:id/leave': { allowed: TEAM_ROLES, refusedWith: 409 },
  // Carol's invitation is Carol's: no member of the workspace can use its token.
  'POST /api/v1/workspaces/invitations/accept': { allowed: [] },
};

describe('workspace roles through the gateway', () => {
  it('names a rule for every workspace route', () => {
    const workspaceRoutes = Object.keys(MATRIX).filter((key) => /\/api\/v1\/workspaces\/./.test(key));
    expect(Object.keys(WORKSPACE_ROLE_RULES).sort()).toEqual(workspaceRoutes.sort());
  });

  it('refuses every role below what a route needs, changing nothing', async () => {
    for (const [key, rule] of Object.entries(WORKSPACE_ROLE_RULES)) {
      for (const role of ['owner', ...TEAM_ROLES] as const) {
        if (rule.allowed.includes(role)) continue;
        await expectRefused(key, `as the workspace's ${role}`, team[role], [rule.refusedWith ?? 403]);
      }
    }
  });

  it('lets each allowed role do it', async () => {
    const base = `/api/v1/workspaces/${ids.aliceWorkspaceId}`;
    /** A member who is there only to be changed or removed (no session needed). */
    const bystander = async () => {
      const [user] = await stack.sql<{ id: string }[]>`
        insert into auth.users (email) values (${`bystander-${Date.now()}-${Math.random()}@hardening.test`}) returning id`;
      await stack.sql`insert into auth.workspace_members (workspace_id, user_id, role)
        values (${ids.aliceWorkspaceId}, ${user!.id}, 'viewer')`;
      return user!.id;
    };
    for (const role of ['owner', ...TEAM_ROLES] as const) {
      const members = await ok('GET', `${base}/members`, team[role]);
      expect(members.data.members).toHaveLength(5);
    }
    for (const role of ['owner', 'admin'] as const) {
      await ok('PATCH', base, team[role], { name: 'Matrix team' });
      const invited = await ok('POST', `${base}/invitations`, team[role], {
        email: `helper-${role}@hardening.test`,
        role: 'viewer',
      });
      await ok('DELETE', `${base}/invitations/${invited.data.invitation.id}`, team[role]);
      const changed = await bystander();
      await ok('PUT', `${base}/members/${changed}/role`, team[role], { role: 'editor' });
      await ok('DELETE', `${base}/members/${changed}`, team[role]);
    }
    // Ownership goes to the admin and back: Alice owns it again.
    const adminId = await userIdOf(team.admin);
    await ok('POST', `${base}/transfer`, team.owner, { userId: adminId });
    await ok('POST', `${base}/transfer`, team.admin, { userId: ids.aliceUserId });
    // Last, as it ends the team: every member but the owner may leave.
    for (const role of TEAM_ROLES) await ok('POST', `${base}/leave`, team[role]);
    const left = await ok('GET', `${base}/members`, alice);
    expect(left.data.members.map((m: { role: string }) => m.role)).toEqual(['owner']);
  });
});

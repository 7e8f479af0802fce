// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  afterSignIn,
  forgetInvitation,
  INVITATION_REMEMBERED_MS,
  INVITATION_STORAGE_KEY,
  rememberedInvitation,
  rememberInvitation,
} from './pending-invitation';
import type { SessionUser } from './rules';

const now = Date.UTC(2026, 11, 4, 12);
const newUser: SessionUser = { email: 'invitee@example.test', linkedinConnected: false, personalization: null };

beforeEach(() => localStorage.clear());

describe('the invitation remembered while its invited person signs in', () => {
  it('is remembered until it expires, then ignored and forgotten', () => {
    rememberInvitation('tok-123', now);
    expect(rememberedInvitation(now + INVITATION_REMEMBERED_MS - 1)).toBe('tok-123');
    expect(rememberedInvitation(now + INVITATION_REMEMBERED_MS)).toBeNull();
    expect(localStorage.getItem(INVITATION_STORAGE_KEY)).toBeNull();
  });

  it('keeps to the invitation lifetime of seven days at the most', () => {
    expect(INVITATION_REMEMBERED_MS).toBeGreaterThan(60 * 60 * 1000);
    expect(INVITATION_REMEMBERED_MS).toBeLessThanOrEqual(7 * 24 * 60 * 60 * 1000);
  });

  it('forgets what it cannot read', () => {
    for (const stored of ['not json', '{"token":""}', '{"token":"a"}', 'null']) {
      localStorage.setItem(INVITATION_STORAGE_KEY, stored);
      expect(rememberedInvitation(now)).toBeNull();
      expect(localStorage.getItem(INVITATION_STORAGE_KEY)).toBeNull();
    }
  });

  it('is forgotten on request', () => {
    rememberInvitation('tok-123', now);
    forgetInvitation();
    expect(rememberedInvitation(now)).toBeNull();
  });
});

describe('where signing in leads', () => {
  it('back to the remembered invitation, with its token in the fragment', () => {
    rememberInvitation('a+b/c=', now);
    const target = afterSignIn(newUser, now);
    expect(target).toEqual({ to: '/workspaces/accept', hash: 'token=a%2Bb%2Fc%3D' });
    expect(new URLSearchParams(target.hash).get('token')).toBe('a+b/c=');
  });

  it('to the next step of the account without one, or with an expired one', () => {
    expect(afterSignIn(newUser, now)).toEqual({ to: '/connect-linkedIn' });
    rememberInvitation('tok-123', now);
    expect(afterSignIn(newUser, now + INVITATION_REMEMBERED_MS)).toEqual({ to: '/connect-linkedIn' });
  });

  it('to sign-in for someone still signed out, keeping the invitation for later', () => {
    rememberInvitation('tok-123', now);
    expect(afterSignIn(null, now)).toEqual({ to: '/signup' });
    expect(rememberedInvitation(now)).toBe('tok-123');
  });
});

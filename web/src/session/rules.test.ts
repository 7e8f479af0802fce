import type { Personalization } from '@nashr/contracts';
import { describe, expect, it } from 'vitest';
import { isFullUser, mayUseApp, nextStep, redirectFor, type SessionUser } from './rules';

const personalization: Personalization = {
  jobTitle: 'Founder',
  language: 'Arabic',
  accent: '',
  arabicVariety: 'msa',
  register: 'formal',
  details: { goals: ['Grow Network'], interests: ['Leadership'], tones: ['Bold'], styles: ['Simple Language'] },
};

const visitor: SessionUser = null;
const emailOnly: SessionUser = { email: 'a@b.co', linkedinConnected: false, personalization: null };
const personalizedNotConnected: SessionUser = { email: 'a@b.co', linkedinConnected: false, personalization };
const connectedOnly: SessionUser = { email: 'a@b.co', linkedinConnected: true, personalization: null };
const full: SessionUser = { email: 'a@b.co', linkedinConnected: true, personalization };
/** Joined someone else's workspace, and set nothing of their own up. */
const teamOnly: SessionUser = { email: 'a@b.co', linkedinConnected: false, personalization: null, teamMember: true };

describe('session rules (spec sections 2, 4 and 6)', () => {
  it('counts only e-mail + connection + personalization as a full user', () => {
    expect([visitor, emailOnly, personalizedNotConnected, connectedOnly, full].map(isFullUser)).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
  });

  it('sends Continue on /verify to the first missing step', () => {
    expect(nextStep(visitor)).toBe('/signup');
    expect(nextStep(emailOnly)).toBe('/connect-linkedIn');
    expect(nextStep(personalizedNotConnected)).toBe('/connect-linkedIn');
    expect(nextStep(connectedOnly)).toBe('/personalize');
    expect(nextStep(full)).toBe('/dashboard');
  });

  it('lets only a full user into the protected area; everyone else goes to /signup', () => {
    expect(redirectFor('protected', full)).toBeNull();
    for (const user of [visitor, emailOnly, personalizedNotConnected, connectedOnly]) {
      expect(redirectFor('protected', user)).toBe('/signup');
    }
  });

  it('keeps a user whose working connection was lost in the app, or sends them to reconnect, never to /signup', () => {
    const lost = { email: 'a@b.co', linkedinConnected: false, linkedinLost: true, personalization };
    expect(mayUseApp(lost)).toBe(true);
    expect(redirectFor('protected', lost)).toBeNull();
    expect(redirectFor('onboarding', lost)).toBeNull();
    // Lost before personalizing: the connect screen, which says what happened.
    expect(redirectFor('protected', { ...lost, personalization: null })).toBe('/connect-linkedIn');
    // Without an address it is a visitor, whatever the flag says.
    expect(mayUseApp({ ...lost, email: '' })).toBe(false);
    expect(redirectFor('protected', { ...lost, email: '' })).toBe('/signup');
  });

  it('keeps onboarding screens for account holders, sends full users on and visitors back', () => {
    expect(redirectFor('onboarding', visitor)).toBe('/signup');
    expect(redirectFor('onboarding', { email: '', linkedinConnected: false, personalization: null })).toBe('/signup');
    expect(redirectFor('onboarding', full)).toBe('/dashboard');
    expect(redirectFor('onboarding', emailOnly)).toBeNull();
    expect(redirectFor('onboarding', connectedOnly)).toBeNull();
    expect(redirectFor('onboarding', personalizedNotConnected)).toBeNull();
  });

  it("lets a member of someone else's workspace into the app without setting up an account of their own", () => {
    expect(isFullUser(teamOnly)).toBe(false);
    expect(mayUseApp(teamOnly)).toBe(true);
    expect(mayUseApp(emailOnly)).toBe(false);
    expect(redirectFor('protected', teamOnly)).toBeNull();
    expect(nextStep(teamOnly)).toBe('/dashboard');
    // Connecting later is still theirs to do; once connected, personalizing comes next as for anyone.
    expect(redirectFor('onboarding', teamOnly)).toBeNull();
    expect(nextStep({ ...connectedOnly, teamMember: true })).toBe('/personalize');
    // Without an address nobody is let in, member or not.
    expect(redirectFor('protected', { ...teamOnly, email: '' })).toBe('/signup');
  });
});

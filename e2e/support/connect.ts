/**
 * "Continue with LinkedIn" in a browser, against a stack whose linkedin service speaks to the
 * local server of the network's official wire format.
 */
import { FAKE_LINKEDIN_CLIENT_ID, FAKE_LINKEDIN_CLIENT_SECRET, type FakeLinkedin } from '@nashr/linkedin/testing';
import type { Stack } from '@nashr/tools/process-stack';
import type { Browser, Page } from 'playwright-core';
import { openPage, type PageOptions, waitUntilLive } from './browser';
import { personalize, type StackUser, signedInUser } from './full-user';

/**
 * Connects a user who has personalized already, from the connect screen through the popup, until
 * the server confirms it. The popup goes to the network's page and comes back, then tells this
 * page (the opener may be out of its reach after another origin: it also speaks on this origin's
 * channel). The confirmed connection takes such a user on to the dashboard, so the Connected
 * banner may be gone before a test reads it: the dashboard is where this ends.
 */
export async function continueWithLinkedIn(page: Page): Promise<void> {
  // The screen the gateway rendered is inert until the app has taken it over: a click before
  // that opens nothing.
  await waitUntilLive(page);
  const popupOpened = page.waitForEvent('popup');
  await page.getByTestId('oauth-button').click();
  const popup = await popupOpened;
  await popup.waitForURL(/\/linkedln-connect-screen\?oauth=connected/, { timeout: 30_000 });
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
}

/**
 * The environment of a stack's linkedin service and worker speaking to `fake` as the official
 * network (the sandbox stays beside it), with `extra` settings of their own.
 */
export function officialNetworkEnv(fake: FakeLinkedin, extra: Record<string, string> = {}) {
  const official = {
    NETWORK_PROVIDERS: 'linkedin,sandbox',
    LINKEDIN_CLIENT_ID: FAKE_LINKEDIN_CLIENT_ID,
    LINKEDIN_CLIENT_SECRET: FAKE_LINKEDIN_CLIENT_SECRET,
    LINKEDIN_API_URL: fake.url,
    ...extra,
  };
  return { linkedin: official, 'linkedin-worker': official };
}

/**
 * A new user (`name` in their address) who has personalized and connected through "Continue with
 * LinkedIn" as the local network's current member, on a page in `look`'s language and size; the
 * page ends on the dashboard.
 */
export async function connectedThroughLinkedIn(
  stack: Stack,
  browser: Browser,
  name: string,
  look: Pick<PageOptions, 'lang' | 'viewport'>,
): Promise<{ user: StackUser; page: Page }> {
  const user = await signedInUser(stack, name);
  await personalize(stack, user);
  const page = await openPage(browser, `${stack.url}/connect-linkedIn`, {
    ...look,
    cookies: [user.session.browserCookie],
  });
  await page.getByTestId('oauth-button').waitFor();
  await continueWithLinkedIn(page);
  return { user, page };
}

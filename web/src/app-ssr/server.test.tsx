import { describe, expect, it } from 'vitest';
import { type ApiRead, renderAppScreen } from './server';

/** The gateway's answer to every read of one render, whatever it asks. */
const answering =
  (status: number, body = '{}') =>
  async (_call: ApiRead) => ({ status, body });

describe('renderAppScreen', () => {
  it('renders a visitor screen that needs no data', async () => {
    const screen = await renderAppScreen({ url: '/terms', lang: 'en', timeZone: 'UTC', read: answering(404) });
    expect(screen?.dir).toBe('ltr');
    expect(screen?.html.length).toBeGreaterThan(100);
  });

  it('leaves a screen the visitor is sent away from to the browser', async () => {
    // No session: the app's screens send the visitor to sign-up.
    const screen = await renderAppScreen({ url: '/dashboard', lang: 'en', timeZone: 'UTC', read: answering(401) });
    expect(screen).toBeUndefined();
  });

  it('leaves a screen whose session could not be checked to the browser, which says it is offline', async () => {
    const read = async () => Promise.reject(new TypeError('fetch failed'));
    const screen = await renderAppScreen({ url: '/dashboard', lang: 'ar', timeZone: 'UTC', read });
    expect(screen).toBeUndefined();
  });
});

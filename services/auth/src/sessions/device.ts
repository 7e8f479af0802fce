import type { ActiveSession } from '@nashr/contracts';
import Bowser from 'bowser';

const KNOWN_TYPES = new Set(['desktop', 'mobile', 'tablet']);

/** The browser and system a User-Agent names, in the words people know them by ('Safari', 'iOS'). */
export function deviceOf(userAgent: string | undefined): ActiveSession['device'] {
  if (!userAgent) return { browser: null, os: null, type: 'other' };
  const parsed = Bowser.parse(userAgent);
  const type = parsed.platform.type ?? '';
  return {
    browser: parsed.browser.name || null,
    os: parsed.os.name || null,
    type: KNOWN_TYPES.has(type) ? (type as 'desktop' | 'mobile' | 'tablet') : 'other',
  };
}

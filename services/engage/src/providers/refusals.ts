import { ENGAGE_ERROR_CODES as E, type EngageNetwork } from '@nashr/contracts';
import { AppError } from '@nashr/platform';

/** The answers a user meets when the network cannot do what they asked: one place for their words. */
export const refusals = {
  feedNotOffered: () =>
    new AppError(
      'CONFLICT',
      "LinkedIn's official API does not let apps read other members' posts, so Engage cannot follow people or topics on this account. Paste the address of a post to comment on it.",
      { code: E.feedNotOffered },
    ),
  searchNotOffered: () =>
    new AppError(
      'CONFLICT',
      "LinkedIn's official API offers no search for people. Paste the address of a post to comment on it.",
      { code: E.searchNotOffered },
    ),
  sendNotOffered: () =>
    new AppError(
      'CONFLICT',
      "LinkedIn's official API does not let Engage comment on other members' posts for you. Copy the comment and send it on LinkedIn.",
      { code: E.sendNotOffered },
    ),
  notConnected: () =>
    new AppError('CONFLICT', 'Connect your LinkedIn account first: Engage reads and comments as you.', {
      code: E.notConnected,
    }),
  busy: (seconds: number) =>
    new AppError('UNAVAILABLE', `LinkedIn asked us to slow down for your account. Try again in ${seconds} seconds.`, {
      code: E.networkBusy,
      params: { seconds },
    }),
  unavailable: () =>
    new AppError('UNAVAILABLE', 'LinkedIn did not answer. Try again in a moment.', { code: E.networkUnavailable }),
};

/**
 * The features of each mode: one place, so the screen and the refusals agree. On the official
 * API (`by_url`) the comments on posts brought by address are sent through the linkedin service,
 * which holds the member's tokens.
 */
export function networkOf(provider: EngageNetwork['provider'], mode: EngageNetwork['mode']): EngageNetwork {
  const full = mode === 'full';
  return {
    provider,
    mode,
    features: {
      follow: full,
      search: full,
      byUrl: mode !== 'not_connected',
      send: mode !== 'not_connected',
    },
  };
}

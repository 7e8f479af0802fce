import { API, memberCountShown } from '@nashr/contracts';
import { route, type ServiceApp } from '@nashr/platform';

/** How long one count of the accounts answers every visitor of the sign-up page. */
export const MEMBER_COUNT_FRESH_MS = 60_000;

export function clientConfigRoutes(
  app: ServiceApp,
  config: {
    googleEnabled: boolean;
    mailInboxUrl: string | null;
    /** Counts the accounts (`UserStore.count`). */
    countMembers: () => Promise<number>;
    memberCountMin: number;
  },
) {
  // A public page asks this: the count is taken at most once a minute, whatever the traffic.
  let counted: { at: number; value: Promise<number> } | null = null;
  const members = async (): Promise<number> => {
    if (!counted || Date.now() - counted.at > MEMBER_COUNT_FRESH_MS) {
      const value = config.countMembers();
      counted = { at: Date.now(), value };
      // A failed count is asked again by the next request, not kept for a minute.
      value.catch(() => {
        if (counted?.value === value) counted = null;
      });
    }
    return counted.value;
  };

  route(app, API.auth.clientConfig, { checkResponses: true }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return {
      success: true as const,
      data: {
        googleEnabled: config.googleEnabled,
        mailInboxUrl: config.mailInboxUrl,
        memberCount: memberCountShown(await members(), config.memberCountMin),
      },
    };
  });
}

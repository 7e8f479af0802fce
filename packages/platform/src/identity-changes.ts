import { type IdentityChange, identityChangeSchema } from '@nashr/contracts';
import type { Redis } from './redis.js';

/** The Redis pub/sub channel that carries identity changes. */
export function identityChangesChannel(prefix: string): string {
  return `${prefix}:identity-changes`;
}

/**
 * Announces identity changes to the gateways, after the change is stored. Best effort: a gateway
 * trusts its memory only while its subscription is live, and never for longer than a minute, so a
 * lost announcement costs at most that minute of staleness, never a failed request.
 */
export class IdentityChanges {
  private readonly channel: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
  ) {
    this.channel = identityChangesChannel(prefix);
  }

  userChanged(userId: string): Promise<void> {
    return this.announce({ userId });
  }

  /** `sessionDigest` is the ended session's SHA-256 (see sessionDigest): the id never leaves the service. */
  sessionEnded(sessionDigest: string): Promise<void> {
    return this.announce({ sessionDigest });
  }

  private async announce(change: IdentityChange): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(change)).catch(() => {});
  }
}

/** Reads one announcement; anything else on the channel is ignored. */
export function parseIdentityChange(message: string): IdentityChange | null {
  try {
    const parsed = identityChangeSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

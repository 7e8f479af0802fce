import { createHash } from 'node:crypto';
import type { NetworkProvider } from '../providers/network-provider.js';

/**
 * Which network member a connected account signs in as, as an opaque key: posts belong to one
 * member for their whole life, so a reconnection with another login never sends them out as
 * someone else. Hashed, so the services that compare it never hold the member's id.
 *
 * The official API's account id is the member's URN and the sandbox's is made from the login,
 * so those name the member already. The hosted API keeps its account id when an account is
 * signed in again, whoever signs in: its member is read from the profile it returns.
 * Null when the member cannot be told (the profile read failed): nothing is compared then.
 */
export async function memberIdentity(
  provider: Pick<NetworkProvider, 'getOwnProfile'>,
  providerName: string,
  providerAccountId: string,
): Promise<string | null> {
  let member: string | null = providerAccountId;
  if (providerName === 'unipile') {
    const own = await provider.getOwnProfile(providerAccountId).catch(() => null);
    member = own?.provider_id ?? own?.public_identifier ?? null;
  }
  return member === null ? null : identityKey(providerName, member);
}

/** The identity of a company page (its URN), on the same terms as a member's: posts written as it carry it. */
export const pageIdentity = (providerName: string, organization: string): string =>
  identityKey(providerName, organization);

const identityKey = (providerName: string, subject: string) =>
  createHash('sha256').update(`${providerName}:${subject}`).digest('base64url').slice(0, 22);

import type { EngageNetwork, PostRef } from '@nashr/contracts';
import { networkOf, refusals } from '../refusals.js';
import {
  type EngageProvider,
  EngageProviderError,
  type NetworkPost,
  type NetworkProfile,
  type PostedComment,
  type ResolvedPost,
} from '../types.js';

/** `layla-haddad-3a5b7c12` → `Layla Haddad`: the network's own suffix (it holds a digit) left out. */
function nameOfHandle(handle: string): string {
  return handle
    .replace(/-[0-9a-z]*\d[0-9a-z]*$/, '')
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toLocaleUpperCase('en') + word.slice(1))
    .join(' ');
}

/**
 * LinkedIn's official API (the account connected with "Continue with LinkedIn"). Its terms give
 * apps no way to read other members' posts, profiles or search, and Engage holds none of the
 * member's tokens (the linkedin service keeps them), so here Engage works from what a post's
 * address says: its id and, in `/posts/{handle}_…` addresses, its author's handle. The user can
 * paste the post's words for suggestions that fit. The comment goes out through the linkedin
 * service (`Sending` hands it over as an `engage-comment` job), never through this adapter.
 */
export class OfficialEngageProvider implements EngageProvider {
  readonly name = 'linkedin' as const;

  async network(): Promise<EngageNetwork> {
    return networkOf('linkedin', 'by_url');
  }

  async lookupProfile(): Promise<NetworkProfile | null> {
    throw refusals.feedNotOffered();
  }

  async suggestedCreators(): Promise<NetworkProfile[]> {
    return [];
  }

  async searchPeople(): Promise<NetworkProfile[]> {
    throw refusals.searchNotOffered();
  }

  /** Nothing can be read: a refresh keeps only the posts the user brought by address. */
  async recentPosts(): Promise<NetworkPost[]> {
    return [];
  }

  async getPost(): Promise<NetworkPost | null> {
    return null;
  }

  async resolvePost(ref: PostRef, _userId: string, now: Date): Promise<ResolvedPost> {
    const handle = ref.handle ?? '';
    return {
      status: 'found',
      textKnown: false,
      post: {
        postId: ref.id,
        url: ref.url,
        author: {
          handle,
          name: nameOfHandle(handle),
          headline: '',
          profileUrl: handle ? `https://www.linkedin.com/in/${handle}` : '',
          language: 'ar',
        },
        text: '',
        language: 'ar',
        postedAt: now,
        counters: { reactions: 0, comments: 0, reposts: 0 },
      },
    };
  }

  /** Not called: the official API's comments are handed to the linkedin service (see `Sending`). */
  async comment(): Promise<PostedComment> {
    throw new EngageProviderError('refused', refusals.sendNotOffered().message);
  }

  async findComment(): Promise<PostedComment | null> {
    return null;
  }
}

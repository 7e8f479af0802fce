import type { EngageLanguage, FeedMedia } from '@nashr/contracts';

/** A member of the network, as the provider tells them. */
export interface NetworkProfile {
  handle: string;
  profileUrl: string;
  name: string;
  headline: string;
  language: EngageLanguage;
}

/** A post of the network with its counters, as the provider gives it. */
export interface NetworkPost {
  postId: string;
  url: string;
  author: NetworkProfile;
  text: string;
  language: EngageLanguage;
  postedAt: Date;
  counters: { reactions: number; comments: number; reposts: number };
  /** Its images and documents (an image's alt text, a document's title), when it has any. */
  media?: FeedMedia[];
}

export interface PostedComment {
  commentId: string;
  url: string;
}

/**
 * Why a comment was not posted. `refused` and `post_gone` are definite (nothing was posted);
 * `no_answer` means the network may or may not have it: look it up before sending again.
 */
export class EngageProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'post_gone' | 'no_answer',
    message: string,
  ) {
    super(message);
    this.name = 'EngageProviderError';
  }
}

/**
 * What Engage needs of a network. The sandbox answers from invented creators; a Unipile adapter
 * would call its users/{identifier} (profile lookup), users/{id}/posts and posts/search (feed),
 * posts/{id}/comments POST (comment) and GET (find a comment by its text and time after a lost
 * answer); the official LinkedIn API cannot read other members' posts (see the README).
 */
export interface EngageProvider {
  readonly name: string;
  /** The profile of a handle, or null when the network knows none (or it is private). */
  lookupProfile(handle: string): Promise<NetworkProfile | null>;
  /** Creators worth suggesting (the sandbox's directory; a real network answers a search). */
  suggestedCreators(): Promise<NetworkProfile[]>;
  /** Recent posts (since `since`) by these people, or mentioning these topics, newest first. */
  recentPosts(input: { handles: string[]; topics: string[]; since: Date; now: Date }): Promise<NetworkPost[]>;
  /** One post, or null when it is gone. */
  getPost(postId: string, now: Date): Promise<NetworkPost | null>;
  /** Posts a comment; the network keeps `key` so that `findComment` can tell whether it arrived. */
  comment(input: { userId: string; key: string; postId: string; text: string }): Promise<PostedComment>;
  /** The comment sent under `key`, if the network has it. */
  findComment(input: { userId: string; key: string; postId: string }): Promise<PostedComment | null>;
}

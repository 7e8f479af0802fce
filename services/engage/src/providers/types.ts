import type { EngageLanguage, EngageNetwork, FeedMedia, PostRef } from '@nashr/contracts';

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
 * Why a comment was not posted. `refused`, `post_gone` and `private` are definite (nothing was
 * posted); `no_answer` means the network may or may not have it: look it up before sending again.
 */
export class EngageProviderError extends Error {
  constructor(
    readonly kind: 'refused' | 'post_gone' | 'private' | 'no_answer',
    message: string,
  ) {
    super(message);
    this.name = 'EngageProviderError';
  }
}

/** A post reached by its address: found (with what the network tells of it), gone, or private. */
export type ResolvedPost =
  | { status: 'found'; post: NetworkPost; textKnown: boolean }
  | { status: 'gone' }
  | { status: 'private' };

/** What `findComment` knows of the attempt, for networks that keep no key (see the Unipile adapter). */
export interface CommentLookup {
  userId: string;
  key: string;
  postId: string;
  text: string;
  /** When the attempt was recorded: a comment older than this is not it. */
  since: Date;
  /** The user's comments with these same words on this post already confirmed under other keys. */
  confirmedTwins: number;
}

/**
 * What Engage needs of a network, always on behalf of one user (the hosted API reads and comments
 * as the user's own account). The sandbox answers from invented creators; the Unipile adapter
 * calls the hosted API; the official LinkedIn API cannot read other members' posts (see
 * docs/operations.md), so its adapter works from post addresses only. Reads the network refuses for the
 * user's kind of account throw the AppError the user is shown (`providers/refusals.ts`).
 */
export interface EngageProvider {
  readonly name: EngageNetwork['provider'];
  /** What this user can do here (the hosted API needs the user's account; the official API is limited). */
  network(userId: string): Promise<EngageNetwork>;
  /** The profile of a handle, or null when the network knows none (or it is private). */
  lookupProfile(handle: string, userId: string): Promise<NetworkProfile | null>;
  /** Creators worth suggesting (the sandbox's directory; empty where the network has none). */
  suggestedCreators(): Promise<NetworkProfile[]>;
  /** People whose name or headline matches the words (at most `limit`). */
  searchPeople(query: string, userId: string, limit: number): Promise<NetworkProfile[]>;
  /**
   * Recent posts (since `since`) by these people, or mentioning these topics, newest first. A call
   * whose slot of the account's rate is more than `maxWaitMs` away throws `NetworkRateBusy` with the
   * wait (the background refresh then pauses and goes back to its queue).
   */
  recentPosts(input: {
    userId: string;
    handles: string[];
    topics: string[];
    since: Date;
    now: Date;
    maxWaitMs: number;
  }): Promise<NetworkPost[]>;
  /** One post, or null when it is gone. */
  getPost(postId: string, now: Date, userId: string): Promise<NetworkPost | null>;
  /** The post an address names, as far as the network can tell. */
  resolvePost(ref: PostRef, userId: string, now: Date): Promise<ResolvedPost>;
  /** Posts a comment; each call is a comment, so a caller never repeats one without `findComment`. */
  comment(input: { userId: string; key: string; postId: string; text: string }): Promise<PostedComment>;
  /** The comment sent under `key`, if the network has it. */
  findComment(input: CommentLookup): Promise<PostedComment | null>;
}

import {
  AI_ERROR_CODES,
  type JobPayload,
  type SuggestionSource,
  type writeCommentSuggestionsJob,
} from '@nashr/contracts';
import type { Logger } from '@nashr/platform';
import type { ProfileStore } from '../profile-store.js';
import { buildCommentsPrompt, type CommentDraft, type CommentsRequest } from '../prompts/index.js';
import { ProviderError } from '../providers/errors.js';
import { OFFLINE_MODEL, OfflineProvider } from '../providers/offline/provider.js';
import type { TextProvider } from '../providers/types.js';
import { adviceAuthor } from './author.js';

export interface CommentsDeps {
  provider: TextProvider;
  profiles: ProfileStore;
  /** Comment suggestions are free (engage bounds them per day): the standard model writes them. */
  model: string;
  logger: Logger;
}

export interface WrittenComments {
  items: CommentDraft[];
  source: SuggestionSource;
  model: string;
}

const LANGUAGES: Record<'ar' | 'en', CommentsRequest['language']> = { ar: 'Arabic', en: 'English' };

/**
 * Writes the comment suggestions engage asks for, from the post and what this service knows of
 * the member: their personalization (job, goals, interests, tone, register, Arabic variety) and
 * their voice. Never spends AI credits.
 */
export class CommentsService {
  private readonly offline = new OfflineProvider(0);

  constructor(private readonly deps: CommentsDeps) {}

  /** The request as the prompt and the offline writer read it. */
  async request(job: JobPayload<typeof writeCommentSuggestionsJob>): Promise<CommentsRequest> {
    const [personalization, voice] = await Promise.all([
      this.deps.profiles.personalization(job.userId),
      this.deps.profiles.voice(job.userId),
    ]);
    return {
      post: { postId: job.postId, ...job.post },
      language: LANGUAGES[job.language],
      author: adviceAuthor(personalization),
      register: personalization?.register ?? null,
      voice: voice.traits,
      generation: job.generation,
    };
  }

  async write(job: JobPayload<typeof writeCommentSuggestionsJob>): Promise<WrittenComments> {
    const { provider, model, logger } = this.deps;
    const request = await this.request(job);
    const prompt = buildCommentsPrompt(request);
    let source: SuggestionSource = 'offline';
    if (provider.name !== 'offline') {
      try {
        const result = await provider.suggestComments({ prompt, request, model });
        return { items: result.items, source: 'ai', model: result.model };
      } catch (error) {
        // A post without suggestions helps no one: the offline writer writes them, labelled as its own.
        logger.warn(
          { userId: job.userId, postId: job.postId, err: error },
          'the provider could not write comment suggestions; the offline writer did',
        );
        // The AI answered, but nothing usable: the label must not claim no AI was there.
        if (error instanceof ProviderError && error.code === AI_ERROR_CODES.unusable) source = 'unusable';
      }
    }
    const result = await this.offline.suggestComments({ prompt, request, model: OFFLINE_MODEL });
    return { items: result.items, source, model: OFFLINE_MODEL };
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import type {
  CommentDraft,
  CommentsRequest,
  IdeaDraft,
  IdeasRequest,
  Language,
  ProfileReviewRequest,
  ProfileSuggestionDraft,
} from '../../prompts/index.js';
import { GenerationAbortedError } from '../errors.js';
import type { AdviceInput, AdviceResult, TextProvider, WriteInput, WriteResult } from '../types.js';
import { reviewProfileOffline, suggestIdeasOffline } from './advice.js';
import { suggestCommentsOffline } from './comments.js';
import { offlineLanguage, writeOffline } from './writer.js';

export const OFFLINE_MODEL = 'offline-writer';

/** The `offline` provider: no network, no key; drafts stream word by word like a model's would. */
export class OfflineProvider implements TextProvider {
  readonly name = 'offline' as const;

  constructor(private readonly tokenDelayMs: number) {}

  writesIn(language: Language): Language {
    return offlineLanguage(language);
  }

  async write({ request, signal, onToken }: WriteInput): Promise<WriteResult> {
    const draft = writeOffline(request);
    if (onToken) {
      for (const token of draft.text.match(/\s*\S+|\s+$/g) ?? []) {
        if (signal?.aborted) throw new GenerationAbortedError();
        onToken(token);
        if (this.tokenDelayMs > 0) await sleep(this.tokenDelayMs);
      }
    }
    if (signal?.aborted) throw new GenerationAbortedError();
    return { text: draft.text, model: OFFLINE_MODEL, language: draft.language, note: draft.note };
  }

  async reviewProfile({
    request,
    signal,
  }: AdviceInput<ProfileReviewRequest>): Promise<AdviceResult<ProfileSuggestionDraft[]>> {
    if (signal?.aborted) throw new GenerationAbortedError();
    const review = reviewProfileOffline(request);
    return { items: review.suggestions, model: OFFLINE_MODEL, language: review.language };
  }

  async suggestIdeas({ request }: AdviceInput<IdeasRequest>): Promise<AdviceResult<IdeaDraft[]>> {
    const { ideas, language } = suggestIdeasOffline(request);
    return { items: ideas, model: OFFLINE_MODEL, language };
  }

  async suggestComments({ request }: AdviceInput<CommentsRequest>): Promise<AdviceResult<CommentDraft[]>> {
    return { items: suggestCommentsOffline(request), model: OFFLINE_MODEL, language: request.language };
  }
}

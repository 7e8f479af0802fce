import type { AiProviderName } from '@nashr/contracts';
import type {
  ChatPrompt,
  CommentDraft,
  CommentsRequest,
  IdeaDraft,
  IdeasRequest,
  Language,
  ProfileReviewRequest,
  ProfileSuggestionDraft,
  PromptRequest,
} from '../prompts/index.js';

export interface WriteInput {
  prompt: ChatPrompt;
  /** The structured request the prompt was built from (the offline writer works from it). */
  request: PromptRequest;
  model: string;
  /** Aborted when the caller has gone away: stop and spend nothing more. */
  signal?: AbortSignal;
  /** When given, text is streamed to it as it arrives. */
  onToken?: (chunk: string) => void;
}

export interface WriteResult {
  text: string;
  /** The model that wrote the text, as the user should see it. */
  model: string;
  language: Language;
  /** Why the draft differs from what was asked (e.g. a language the writer cannot write), or null. */
  note: string | null;
}

/** An AI text provider, chosen by configuration (AI_PROVIDER). */
export interface TextProvider {
  readonly name: AiProviderName;
  write(input: WriteInput): Promise<WriteResult>;
  /** The language a draft asked for in `language` will actually be in, when it can differ. */
  writesIn?(language: Language): Language;
  /** Proposes rewrites of the profile's headline, About section and skills, each with its reason. */
  reviewProfile(input: AdviceInput<ProfileReviewRequest>): Promise<AdviceResult<ProfileSuggestionDraft[]>>;
  /** Suggests post ideas from what the user told us and wrote. */
  suggestIdeas(input: AdviceInput<IdeasRequest>): Promise<AdviceResult<IdeaDraft[]>>;
  /** Writes three comments (a question, an experience, a counterpoint) on someone's post, in the member's voice. */
  suggestComments(input: AdviceInput<CommentsRequest>): Promise<AdviceResult<CommentDraft[]>>;
}

/** A piece of advice to write: the prompt for a model and the structured request it was built from. */
export interface AdviceInput<R> {
  prompt: ChatPrompt;
  request: R;
  model: string;
  signal?: AbortSignal;
}

export interface AdviceResult<T> {
  items: T;
  /** The model that wrote it, as the user should see it. */
  model: string;
  language: Language;
}

import { type AiNoun, ENGAGE_LIMITS, IDEA_SOURCES, PROFILE_FIELDS, SUGGESTION_KINDS } from '@nashr/contracts';
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { z } from 'zod';
import type {
  CommentDraft,
  CommentsRequest,
  IdeaDraft,
  IdeasRequest,
  ProfileReviewRequest,
  ProfileSuggestionDraft,
} from '../prompts/index.js';
import { GenerationAbortedError, ProviderError } from './errors.js';
import type { AdviceInput, AdviceResult, TextProvider, WriteInput, WriteResult } from './types.js';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible endpoint; unset means api.openai.com. */
  baseURL?: string;
  /** Per attempt: time to the first byte of the answer, and the longest silence inside a stream. */
  timeoutMs: number;
  maxRetries: number;
  /** Tests pass their own fetch; production uses the global one. */
  fetch?: typeof fetch;
}

/** Output budget: enough for a 1,000-character post in any script, with headroom. */
const MAX_TOKENS = 900;
/** Output budget of advice: a full About section and its reasons, or a day's ideas, as JSON. */
const MAX_ADVICE_TOKENS = 2000;

/** What the model must answer for a profile review; anything else is a provider failure. */
const reviewAnswerSchema = z.object({
  suggestions: z
    .array(
      z.object({
        field: z.enum(PROFILE_FIELDS),
        suggestion: z.string().trim().min(1).max(2600),
        reason: z.string().trim().min(1).max(600),
      }),
    )
    .min(1)
    .max(8),
});

const ideasAnswerSchema = z.object({
  ideas: z
    .array(
      z.object({
        topic: z.string().trim().min(1).max(500),
        why: z.string().trim().max(300).default(''),
        source: z.enum(IDEA_SOURCES).catch('job'),
      }),
    )
    .min(1)
    .max(20),
});

/** Three comments, one of each kind; a model that leaves a kind out has failed. */
const commentsAnswerSchema = z.object({
  comments: z
    .array(
      z.object({
        kind: z.enum(SUGGESTION_KINDS),
        text: z.string().trim().min(1).max(ENGAGE_LIMITS.commentLength),
      }),
    )
    .min(SUGGESTION_KINDS.length)
    .max(9)
    .refine((comments) => SUGGESTION_KINDS.every((kind) => comments.some((c) => c.kind === kind)), {
      message: 'one comment of each kind',
    }),
});

/**
 * Said on the second and last try when the first answer could not be used (not JSON, the wrong
 * shape, cut short): the usual causes are prose around the JSON and an answer too long to finish.
 */
export const STRICTER_JSON_INSTRUCTION =
  'Your previous answer could not be used: it was not one complete JSON object in the shape asked for. ' +
  'Answer again with that JSON object only: no words before or after it, no code fences, every field as asked, ' +
  'and short enough to be finished.';

/** An endpoint that refuses `response_format` (JSON mode) says so in a 400 naming it. */
const JSON_MODE_REFUSED = /response_format|json_object|json mode/i;

/** One try at a JSON answer: the checked data, or why the answer could not be used. */
type JsonAttempt<T> = { data: T } | { problem: string; jsonModeRefused?: boolean };

/** Upper bound of the SDK's pauses between retries (0.5 s, 1 s, ... with jitter). */
const RETRY_PAUSES_MS = 4000;

/** Maps whatever the SDK threw to a message a user can act on; the cause goes to the logs. */
export function toProviderError(error: unknown, timeoutMs: number): Error {
  if (error instanceof ProviderError || error instanceof GenerationAbortedError) return error;
  const detail = error instanceof Error ? error.message : String(error);
  if (error instanceof APIConnectionTimeoutError) {
    return new ProviderError(503, 'timeout', detail, Math.max(1, Math.round(timeoutMs / 1000)));
  }
  if (error instanceof APIConnectionError) return new ProviderError(503, 'unreachable', detail);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) return new ProviderError(502, 'auth', detail);
    if (status === 429) return new ProviderError(503, 'rateLimited', detail);
    if (status >= 500 || status === 0) return new ProviderError(502, 'providerError', detail);
    return new ProviderError(502, 'rejected', `${status}: ${detail}`);
  }
  return new ProviderError(502, 'providerError', detail);
}

/** The `openai` provider: chat completions on any OpenAI-compatible endpoint. */
export class OpenAiProvider implements TextProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: options.baseURL,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  async write(input: WriteInput): Promise<WriteResult> {
    const { signal } = input;
    if (signal?.aborted) throw new GenerationAbortedError();
    // One controller for the upstream call: the caller leaving and our own watchdog both end it.
    const controller = new AbortController();
    let timedOut = false;
    let watchdog: NodeJS.Timeout | undefined;
    const arm = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
    };
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      const text = input.onToken
        ? await this.stream(input, controller, arm)
        : await this.complete(input, controller, arm);
      if (!text.trim()) throw new ProviderError(502, 'empty', 'the answer had no text');
      return { text: text.trim(), model: input.model, language: input.request.language, note: null };
    } catch (error) {
      if (timedOut) {
        throw new ProviderError(
          503,
          'timeout',
          'no data within the timeout',
          Math.max(1, Math.round(this.options.timeoutMs / 1000)),
        );
      }
      if (signal?.aborted || (error instanceof APIUserAbortError && !timedOut)) throw new GenerationAbortedError();
      throw toProviderError(error, this.options.timeoutMs);
    } finally {
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', cancel);
    }
  }

  private messages(input: WriteInput) {
    return [
      { role: 'system' as const, content: input.prompt.system },
      { role: 'user' as const, content: input.prompt.user },
    ];
  }

  /**
   * The SDK's timeout covers each attempt until the answer starts; this deadline also covers a
   * body that starts and then stalls, across every attempt and the pauses between them.
   */
  private async complete(input: WriteInput, controller: AbortController, arm: (ms: number) => void) {
    arm(this.options.timeoutMs * (this.options.maxRetries + 1) + RETRY_PAUSES_MS);
    const completion = await this.client.chat.completions.create(
      { model: input.model, messages: this.messages(input), max_tokens: MAX_TOKENS, temperature: 0.7 },
      { signal: controller.signal },
    );
    return completion.choices[0]?.message?.content ?? '';
  }

  /** Retries happen only before the first token: a stream that broke midway is not replayed. */
  private async stream(input: WriteInput, controller: AbortController, arm: (ms: number) => void) {
    arm(this.options.timeoutMs * (this.options.maxRetries + 1) + RETRY_PAUSES_MS);
    const stream = await this.client.chat.completions.create(
      { model: input.model, messages: this.messages(input), max_tokens: MAX_TOKENS, temperature: 0.7, stream: true },
      { signal: controller.signal },
    );
    let text = '';
    arm(this.options.timeoutMs);
    for await (const chunk of stream) {
      arm(this.options.timeoutMs);
      const delta = chunk.choices[0]?.delta?.content;
      if (delta) {
        text += delta;
        input.onToken?.(delta);
      }
    }
    // The SDK ends an aborted stream quietly, as if the model had finished.
    if (controller.signal.aborted) throw new APIUserAbortError();
    return text;
  }

  async reviewProfile(input: AdviceInput<ProfileReviewRequest>): Promise<AdviceResult<ProfileSuggestionDraft[]>> {
    const answer = await this.adviseJson(input, reviewAnswerSchema, 'profile_review');
    return { items: answer.suggestions, model: input.model, language: input.request.language };
  }

  async suggestIdeas(input: AdviceInput<IdeasRequest>): Promise<AdviceResult<IdeaDraft[]>> {
    const answer = await this.adviseJson(input, ideasAnswerSchema, 'ideas');
    return { items: answer.ideas.slice(0, input.request.count), model: input.model, language: input.request.language };
  }

  async suggestComments(input: AdviceInput<CommentsRequest>): Promise<AdviceResult<CommentDraft[]>> {
    const answer = await this.adviseJson(input, commentsAnswerSchema, 'comment');
    // In the order the feed shows them, whatever order the model gave.
    const items = SUGGESTION_KINDS.map((kind) => answer.comments.find((c) => c.kind === kind) as CommentDraft);
    return { items, model: input.model, language: input.request.language };
  }

  /**
   * One JSON answer, checked against `schema`. An answer that cannot be used (not JSON, the wrong
   * shape, cut short, or JSON mode refused by the endpoint) gets one more try with a stricter
   * instruction; a second unusable answer is said as such (`unusable`), never as an AI that was
   * not there.
   */
  private async adviseJson<S extends z.ZodType>(
    input: AdviceInput<unknown>,
    schema: S,
    noun: AiNoun,
  ): Promise<z.output<S>> {
    const { signal } = input;
    if (signal?.aborted) throw new GenerationAbortedError();
    const controller = new AbortController();
    let timedOut = false;
    // Two tries at most, each with the SDK's own retries and pauses.
    const watchdog = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      2 * (this.options.timeoutMs * (this.options.maxRetries + 1) + RETRY_PAUSES_MS),
    );
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      const first = await this.tryJson(input, schema, controller, { strict: false, jsonMode: true });
      if ('data' in first) return first.data;
      const second = await this.tryJson(input, schema, controller, {
        strict: true,
        jsonMode: !first.jsonModeRefused,
      });
      if ('data' in second) return second.data;
      throw new ProviderError(502, 'unusable', `first: ${first.problem}; then: ${second.problem}`);
    } catch (error) {
      if (timedOut) {
        throw new ProviderError(
          503,
          'timeout',
          'no data within the timeout',
          Math.max(1, Math.round(this.options.timeoutMs / 1000)),
        ).about(noun);
      }
      if (signal?.aborted || (error instanceof APIUserAbortError && !timedOut)) throw new GenerationAbortedError();
      const failure = toProviderError(error, this.options.timeoutMs);
      throw failure instanceof ProviderError ? failure.about(noun) : failure;
    } finally {
      clearTimeout(watchdog);
      signal?.removeEventListener('abort', cancel);
    }
  }

  private async tryJson<S extends z.ZodType>(
    input: AdviceInput<unknown>,
    schema: S,
    controller: AbortController,
    mode: { strict: boolean; jsonMode: boolean },
  ): Promise<JsonAttempt<z.output<S>>> {
    const system = mode.strict ? `${input.prompt.system}\n\n${STRICTER_JSON_INSTRUCTION}` : input.prompt.system;
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        {
          model: input.model,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: input.prompt.user },
          ],
          max_tokens: MAX_ADVICE_TOKENS,
          temperature: mode.strict ? 0.2 : 0.7,
          ...(mode.jsonMode && { response_format: { type: 'json_object' as const } }),
        },
        { signal: controller.signal },
      );
    } catch (error) {
      if (mode.jsonMode && error instanceof APIError && error.status === 400 && JSON_MODE_REFUSED.test(error.message)) {
        return { problem: `JSON mode refused: ${error.message}`, jsonModeRefused: true };
      }
      throw error;
    }
    const choice = completion.choices[0];
    const text = choice?.message?.content ?? '';
    if (choice?.finish_reason === 'length') return { problem: 'the answer was cut short' };
    if (!text.trim()) return { problem: 'the answer had no text' };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { problem: 'the answer was not JSON' };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { problem: `the answer had the wrong shape: ${parsed.error.message.slice(0, 200)}` };
    return { data: parsed.data };
  }
}

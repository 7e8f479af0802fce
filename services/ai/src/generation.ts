import type {
  ComposerChoicesOverride,
  Draft,
  GenerationKind,
  Locale,
  ModifyAction,
  PostStructureTrait,
} from '@nashr/contracts';
import type { Logger } from '@nashr/platform';
import { choicesFromPersonalization, draftLanguage, resolveChoices } from './choices.js';
import type { CreditStore, Reservation } from './credits/credit-store.js';
import type { CreditsLowAlert } from './credits/low-credits.js';
import type { ProfileStore } from './profile-store.js';
import { buildPrompt, type ChatPrompt, PROMPT_VERSION, type PromptRequest } from './prompts/index.js';
import { GenerationAbortedError, ProviderError } from './providers/errors.js';
import { OFFLINE_MODEL } from './providers/offline/provider.js';
import type { TextProvider } from './providers/types.js';

export type GenerationInput = (
  | { kind: 'generate'; topic: string; structure?: PostStructureTrait[] }
  | { kind: 'rewrite'; text: string }
  | { kind: 'modify'; text: string; action: ModifyAction }
) & { choices?: ComposerChoicesOverride; lang?: Locale };

/** A generation that is paid for and ready to run. */
export interface PreparedGeneration {
  userId: string;
  kind: GenerationKind;
  action: ModifyAction | null;
  request: PromptRequest;
  prompt: ChatPrompt;
  reservation: Reservation;
  /** What the user sees before the first word: who writes and what it cost. */
  meta: Pick<Draft, 'model' | 'offline' | 'kind' | 'language' | 'credits'>;
}

export interface GenerationDeps {
  provider: TextProvider;
  credits: CreditStore;
  profiles: ProfileStore;
  models: { premium: string; standard: string };
  logger: Logger;
  /** Called when a spend takes the balance down to the plan's low mark. */
  creditsLow?: CreditsLowAlert;
}

/** Turns a composer request into a draft: prompt, credits, provider, ledger. */
export class GenerationService {
  constructor(private readonly deps: GenerationDeps) {}

  /** Builds the prompt from what is known about the writer, then pays for the generation. */
  async prepare(userId: string, input: GenerationInput): Promise<PreparedGeneration> {
    const { profiles, credits, provider, models } = this.deps;
    const [personalization, saved, voice] = await Promise.all([
      profiles.personalization(userId),
      profiles.savedChoices(userId),
      profiles.voice(userId),
    ]);
    const action = input.kind === 'modify' ? input.action : null;
    const request: PromptRequest = {
      kind: input.kind,
      ...(input.kind === 'generate'
        ? { topic: input.topic, ...(input.structure?.length && { structure: input.structure }) }
        : { text: input.text }),
      ...(action ? { action } : {}),
      author: {
        jobTitle: personalization?.jobTitle || null,
        accent: personalization?.accent || null,
        arabicVariety: personalization?.arabicVariety ?? 'msa',
        register: personalization?.register ?? 'formal',
      },
      language: draftLanguage(personalization, input.lang),
      choices: resolveChoices([input.choices, saved, choicesFromPersonalization(personalization)]),
      voice: voice.traits,
    };
    const prompt = buildPrompt(request);
    const reservation = await credits.reserve(userId, {
      kind: input.kind,
      action,
      promptVersion: PROMPT_VERSION,
      models,
    });
    if (reservation.low) await this.deps.creditsLow?.(userId, reservation.low);
    const offline = provider.name === 'offline';
    return {
      userId,
      kind: input.kind,
      action,
      request,
      prompt,
      reservation,
      meta: {
        model: offline ? OFFLINE_MODEL : reservation.model,
        offline,
        kind: input.kind,
        language: provider.writesIn?.(request.language) ?? request.language,
        credits: { remaining: reservation.remaining, premium: reservation.premium },
      },
    };
  }

  /**
   * Runs the provider. On any failure the credits are refunded and the error is one a user can
   * read (ProviderError) or GenerationAbortedError when the caller left.
   */
  async execute(
    prepared: PreparedGeneration,
    options: { signal?: AbortSignal; onToken?: (chunk: string) => void } = {},
  ): Promise<Draft> {
    const { provider, credits, logger } = this.deps;
    const { reservation } = prepared;
    const started = Date.now();
    const log = logger.child({
      userId: prepared.userId,
      generationId: reservation.generationId,
      kind: prepared.kind,
      model: reservation.model,
      premium: reservation.premium,
      provider: provider.name,
    });
    try {
      const result = await provider.write({
        prompt: prepared.prompt,
        request: prepared.request,
        model: reservation.model,
        signal: options.signal,
        onToken: options.onToken,
      });
      await credits.complete(reservation.generationId);
      log.info({ ms: Date.now() - started, chars: result.text.length }, 'draft written');
      return {
        text: result.text,
        model: result.model,
        offline: prepared.meta.offline,
        kind: prepared.kind,
        action: prepared.action,
        language: result.language,
        note: result.note,
        promptVersion: prepared.prompt.version,
        credits: prepared.meta.credits,
      };
    } catch (error) {
      const aborted = error instanceof GenerationAbortedError;
      const known = error instanceof ProviderError || aborted;
      const reason = aborted ? 'cancelled by the client' : error instanceof Error ? error.message : String(error);
      const remaining = await credits.refund(reservation.generationId, reason).catch((refundError) => {
        log.error({ err: refundError }, 'refund failed');
        return null;
      });
      const detail = error instanceof ProviderError ? error.detail : undefined;
      if (aborted) log.info({ ms: Date.now() - started, remaining }, 'generation cancelled by the client');
      else {
        log.warn(
          { err: known ? undefined : error, detail, reason, remaining },
          remaining === null ? 'generation failed' : 'generation failed; credits refunded',
        );
      }
      if (known) throw error;
      throw new ProviderError(502, 'failed', reason);
    }
  }
}

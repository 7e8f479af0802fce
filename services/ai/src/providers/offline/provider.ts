import { setTimeout as sleep } from 'node:timers/promises';
import type { Language } from '../../prompts/index.js';
import { GenerationAbortedError } from '../errors.js';
import type { TextProvider, WriteInput, WriteResult } from '../types.js';
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
}

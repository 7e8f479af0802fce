import type { Config } from '../config.js';
import { OfflineProvider } from './offline/provider.js';
import { OpenAiProvider } from './openai.js';
import type { TextProvider } from './types.js';

export type { TextProvider } from './types.js';

/** The provider the configuration asks for; the offline writer when no key is set. */
export function createProvider(config: Config, extra: { fetch?: typeof fetch } = {}): TextProvider {
  if (config.AI_PROVIDER === 'openai' && config.OPENAI_API_KEY) {
    return new OpenAiProvider({
      apiKey: config.OPENAI_API_KEY,
      baseURL: config.OPENAI_BASE_URL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      maxRetries: config.OPENAI_MAX_RETRIES,
      fetch: extra.fetch,
    });
  }
  return new OfflineProvider(config.AI_OFFLINE_TOKEN_DELAY_MS);
}

import { IDEAS_PER_DAY, type PostIdea } from '@nashr/contracts';
import type { Logger } from '@nashr/platform';
import { draftLanguage } from '../choices.js';
import type { ProfileStore } from '../profile-store.js';
import { buildIdeasPrompt, type IdeaDraft, type IdeasRequest } from '../prompts/index.js';
import { OFFLINE_MODEL, OfflineProvider } from '../providers/offline/provider.js';
import type { TextProvider } from '../providers/types.js';
import { adviceAuthor } from './author.js';
import type { IdeasStore } from './ideas-store.js';

export interface IdeasDeps {
  provider: TextProvider;
  profiles: ProfileStore;
  ideas: IdeasStore;
  /** Ideas are free: the standard model writes them. */
  model: string;
  logger: Logger;
}

/** Prepares a user's post ideas for a day, once: from their job, goals, interests and posts. */
export class IdeasService {
  private readonly offline = new OfflineProvider(0);

  constructor(private readonly deps: IdeasDeps) {}

  /** Writes the day's ideas unless they exist. Returns whether this call wrote them. */
  async prepare(userId: string, day: string): Promise<boolean> {
    const { provider, profiles, ideas, model, logger } = this.deps;
    if (await ideas.ideasOf(userId, day)) return false;
    const [personalization, voice, recentPosts, earlierIdeas] = await Promise.all([
      profiles.personalization(userId),
      profiles.voice(userId),
      ideas.postOpenings(userId),
      ideas.earlierTopics(userId, day),
    ]);
    const request: IdeasRequest = {
      author: adviceAuthor(personalization),
      language: draftLanguage(personalization),
      recentPosts,
      themes: voice.measures?.themes ?? [],
      earlierIdeas,
      count: IDEAS_PER_DAY,
      seed: `${userId}:${day}`,
    };
    const prompt = buildIdeasPrompt(request);
    let result: { items: IdeaDraft[]; model: string; language: string };
    let offline = provider.name === 'offline';
    try {
      result = await provider.suggestIdeas({ prompt, request, model });
    } catch (error) {
      // A day without ideas helps no one: the built-in writer makes them from the same data, labelled as its own.
      logger.warn({ userId, day, err: error }, 'the provider could not suggest ideas; the offline writer did');
      result = await this.offline.suggestIdeas({ prompt, request, model: OFFLINE_MODEL });
      offline = true;
    }
    const list: PostIdea[] = result.items
      .slice(0, IDEAS_PER_DAY)
      .map((idea, index) => ({ ...idea, id: `${day}-${index + 1}` }));
    const stored = await ideas.save(userId, {
      day,
      ideas: list,
      language: result.language,
      model: offline ? OFFLINE_MODEL : result.model,
      offline,
    });
    logger.info({ userId, day, ideas: list.length, stored, offline }, 'daily ideas prepared');
    return stored;
  }
}

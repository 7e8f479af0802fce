import type { Database } from '@nashr/platform';
import { IdeasStore } from './advice/ideas-store.js';
import { CreditStore } from './credits/credit-store.js';
import type { schema } from './db/schema.js';
import { ProfileStore } from './profile-store.js';
import { AiUserData } from './user-data.js';

/** The stores the API and the worker share, wired once over one database. */
export function createServices(database: Database<typeof schema>, options: { freeDailyGenerations?: number } = {}) {
  return {
    credits: new CreditStore(database.db, options.freeDailyGenerations),
    profiles: new ProfileStore(database.db),
    userData: new AiUserData(database.db),
    ideas: new IdeasStore(database.db),
  };
}
export type AiServices = ReturnType<typeof createServices>;

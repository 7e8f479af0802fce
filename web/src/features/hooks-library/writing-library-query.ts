import type { Locale } from '@nashr/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { WritingLibrary } from './types';

/**
 * The hooks and templates travel with the web app as two chunks of their own (one per language),
 * fetched the first time this screen opens: the first bundle does not grow, and no service has to
 * serve text that only changes with a release.
 */
const LOADERS: Record<Locale, () => Promise<{ default: WritingLibrary }>> = {
  ar: () => import('./data/ar'),
  en: () => import('./data/en'),
};

/** The writing library in `lang`, from its chunk. */
export const writingLibraryQuery = (lang: Locale) =>
  queryOptions({
    queryKey: ['writing-library', lang] as const,
    queryFn: async () => (await LOADERS[lang]()).default,
    staleTime: Number.POSITIVE_INFINITY,
  });

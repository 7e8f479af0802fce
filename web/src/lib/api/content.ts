import type { ContentBlockName, ContentBlocks, Locale } from '@nashr/contracts';
import { keepPreviousData, queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentApi } from './catalogue';
import { send } from './client';

/** What `GET /content/{name}` and a save answer (contracts: `contentBlockResponseSchema`). */
export interface ContentBlockResponse<N extends ContentBlockName> {
  success: true;
  data: ContentBlocks[N];
  lang: Locale;
  /** 0 while the block still holds the seeded copy. */
  version: number;
  updatedAt: string | null;
}

export const contentKeys = {
  all: ['content'] as const,
  block: (name: ContentBlockName, lang: Locale) => ['content', name, lang] as const,
};

/** The language whose copy a screen shows: the interface language. */
export function useContentLanguage(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}

export function contentBlockQuery<N extends ContentBlockName>(name: N, lang: Locale) {
  return queryOptions({
    queryKey: contentKeys.block(name, lang),
    queryFn: ({ signal }) =>
      send<ContentBlockResponse<N>>(contentApi.block, {
        params: { blockName: name },
        query: { lang },
        init: { signal },
      }),
  });
}

/**
 * One landing block in the interface language. The language is part of the key, so switching
 * language fetches the other copy; until it arrives the previous copy stays on screen rather than
 * the page falling back to skeletons.
 */
export function useContentBlock<N extends ContentBlockName>(name: N) {
  const lang = useContentLanguage();
  return useQuery({
    ...contentBlockQuery(name, lang),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** Starts loading several blocks at once, so sections rendered later do not wait in turn. */
export function usePrefetchContentBlocks(names: readonly ContentBlockName[]): void {
  const lang = useContentLanguage();
  useQueries({ queries: names.map((name) => ({ ...contentBlockQuery(name, lang), notifyOnChangeProps: [] })) });
}

/** Retries every content block that is on screen, e.g. after the content service was unreachable. */
export function useRetryContent() {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ queryKey: contentKeys.all, type: 'active' });
}

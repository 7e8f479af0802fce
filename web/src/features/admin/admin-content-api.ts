import type { ContentBlockName, ContentBlocks, Locale } from '@nashr/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { contentApi } from '../../lib/api/catalogue';
import { send } from '../../lib/api/client';
import { contentKeys } from '../../lib/api/content';
import { useMutation } from '../../lib/api/mutation';

/** One language's copy of a block as the content service answers it. */
export interface AdminContentBlock<K extends ContentBlockName> {
  data: ContentBlocks[K];
  lang: Locale;
  /** 0 while the landing page still shows its shipped copy (never saved). */
  version: number;
  updatedAt: string | null;
}

interface SaveAnswer<K extends ContentBlockName> extends AdminContentBlock<K> {
  message: string;
}

export const adminContentKey = (block: ContentBlockName, lang: Locale) => ['admin-content', block, lang] as const;

/**
 * The block an editor works on. Always read fresh from the service (no browser cache, nothing
 * kept once the editor closes): the version it carries is what the stale-save check compares.
 */
export function useAdminContentBlock<K extends ContentBlockName>(block: K, lang: Locale) {
  return useQuery({
    queryKey: adminContentKey(block, lang),
    queryFn: async (): Promise<AdminContentBlock<K>> => {
      const answer = await send<AdminContentBlock<K>>(contentApi.block, {
        params: { blockName: block },
        query: { lang },
        init: { cache: 'no-store' },
      });
      return { data: answer.data, lang: answer.lang, version: answer.version, updatedAt: answer.updatedAt };
    },
    staleTime: 0,
    gcTime: 0,
    retry: 1,
  });
}

/**
 * Replaces the whole block. `version` is the one the editor loaded: if someone saved after it,
 * the service answers 409 and nothing is overwritten.
 */
export function useSaveContentBlock<K extends ContentBlockName>(block: K, lang: Locale) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ data, version }: { data: ContentBlocks[K]; version: number }) =>
      send<SaveAnswer<K>>(contentApi.save, { params: { blockName: block }, query: { lang, version }, body: data }),
    onSuccess: () => {
      // The landing page's copy cached in this tab is now out of date.
      void queryClient.invalidateQueries({ queryKey: contentKeys.block(block, lang) });
    },
  });
}

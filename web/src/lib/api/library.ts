import type {
  AdminLibraryPost,
  LibraryFormat,
  LibraryPlanShare,
  LibraryPost,
  LibraryPostInput,
  LibraryTopic,
  Locale,
} from '@nashr/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { libraryApi } from './catalogue';
import { call, send } from './client';
import { useMutation } from './mutation';

export interface LibraryFilters {
  q: string;
  topic?: LibraryTopic;
  format?: LibraryFormat;
  lang?: Locale;
  favourites?: boolean;
}

const LIBRARY_KEY = ['library'] as const;

/** `GET /api/v1/library/posts`: a page of the inspiration library (the first 50 that match). */
export const librarySearchQuery = (filters: LibraryFilters) =>
  queryOptions({
    queryKey: [...LIBRARY_KEY, 'search', filters],
    queryFn: async (): Promise<{ posts: LibraryPost[]; hasMore: boolean; plan: LibraryPlanShare }> => {
      const { q, favourites, ...rest } = filters;
      const answer = await call(libraryApi.search, {
        query: { ...rest, q: q.trim() || undefined, favourites: favourites ? '1' : undefined, limit: 50 },
      });
      return answer.data;
    },
  });

/** The library's page for the filters; the previous answer stays on screen while the next loads. */
export function useLibrarySearch(filters: LibraryFilters) {
  return useQuery({ ...librarySearchQuery(filters), placeholderData: keepPreviousData });
}

/** Saves or removes a favourite; every page of the library shows the new mark. */
export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (post: LibraryPost) =>
      post.favourite
        ? send(libraryApi.unfavourite, { params: { postId: post.id } })
        : send(libraryApi.favourite, { params: { postId: post.id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...LIBRARY_KEY, 'search'] }),
  });
}

/** The editor's list: hidden posts too. */
export function useAdminLibrary(filters: { q: string; lang?: Locale }) {
  return useQuery({
    queryKey: [...LIBRARY_KEY, 'admin', filters],
    queryFn: async (): Promise<{ posts: AdminLibraryPost[]; hasMore: boolean }> => {
      const answer = await call(libraryApi.adminList, {
        query: { q: filters.q.trim() || undefined, lang: filters.lang, limit: 50 },
      });
      return answer.data;
    },
    placeholderData: keepPreviousData,
  });
}

/** Adds a post (no id) or edits one. */
export function useSaveLibraryPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: Partial<LibraryPostInput> }) =>
      id
        ? send(libraryApi.adminUpdate, { params: { postId: id }, body: input })
        : send(libraryApi.adminCreate, { body: input as LibraryPostInput }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIBRARY_KEY }),
  });
}

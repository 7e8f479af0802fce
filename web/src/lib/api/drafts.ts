import type { PostDraft } from '@nashr/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { postsApi } from './catalogue';
import { call } from './client';
import { useMutation } from './mutation';

export const draftKeys = { all: ['drafts'] as const };

export const draftsQuery = queryOptions({
  queryKey: draftKeys.all,
  queryFn: async (): Promise<PostDraft[]> => (await call(postsApi.drafts, {})).data,
});

/** `GET /api/v1/drafts`: the user's drafts, most recently changed first. */
export const useDrafts = () => useQuery(draftsQuery);

export interface SaveDraftInput {
  /** The draft to save again; none creates one. */
  id?: string | null;
  content: string;
  firstComment: string;
  /** Uploaded images the draft carries, in order. */
  mediaIds?: string[];
  /** The version last seen: the save is refused (`draftChangedElsewhere`) if another tab saved since. */
  version?: number | null;
  /** The company page it is written as, null for the profile; left out, it stays as it was. */
  identity?: string | null;
}

/** `POST /api/v1/drafts` or `PATCH /api/v1/drafts/{id}`: the composer's save to the server. */
export async function saveDraft({
  id,
  content,
  firstComment,
  mediaIds,
  version,
  identity,
}: SaveDraftInput): Promise<PostDraft> {
  const body = {
    content,
    firstComment,
    ...(mediaIds ? { mediaIds } : {}),
    ...(identity !== undefined ? { identity } : {}),
  };
  const answer = id
    ? await call(postsApi.updateDraft, { params: { id }, body: { ...body, ...(version ? { version } : {}) } })
    : await call(postsApi.createDraft, { body });
  return answer.data;
}

/** `DELETE /api/v1/drafts/{id}`. */
export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await call(postsApi.deleteDraft, { params: { id } })).data,
    onSettled: () => client.invalidateQueries({ queryKey: draftKeys.all }),
  });
}

import { API, LIBRARY_ERROR_CODES, LIBRARY_ERROR_MESSAGES, MAX_LIBRARY_QUERY_CHARS } from '@nashr/contracts';
import {
  type AdminAudit,
  AppError,
  assertSafeText,
  identityOf,
  notFound,
  route,
  type ServiceApp,
  type WorkspaceAccess,
} from '@nashr/platform';
import type { LibraryStore } from '../library-store.js';

/** The words of a search, checked: too long is refused with its own code, blank means no word search. */
function searchWords(q: string | undefined): string {
  const words = (q ?? '').trim();
  if (words.length > MAX_LIBRARY_QUERY_CHARS) {
    throw new AppError('BAD_REQUEST', LIBRARY_ERROR_MESSAGES.queryTooLong(MAX_LIBRARY_QUERY_CHARS), {
      code: LIBRARY_ERROR_CODES.queryTooLong,
      params: { limit: MAX_LIBRARY_QUERY_CHARS },
    });
  }
  assertSafeText(words);
  return words;
}

const postNotFound = () => notFound(LIBRARY_ERROR_MESSAGES.postNotFound, LIBRARY_ERROR_CODES.postNotFound);

export function libraryRoutes(
  app: ServiceApp,
  { store, audit, workspaces }: { store: LibraryStore; audit: AdminAudit; workspaces: WorkspaceAccess },
): void {
  route(app, API.library.export, { checkResponses: true }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await store.exportOf(identityOf(request).userId) };
  });

  route(app, API.library.search, {}, async (request) => {
    const { q, favourites, ...filters } = request.query;
    const here = await workspaces.of(request, API.library.search);
    const page = await store.search(here, {
      ...filters,
      q: searchWords(q),
      favouritesOnly: favourites === true,
    });
    return { success: true as const, data: page };
  });

  route(app, API.library.favourite, {}, async (request) => {
    const { postId } = request.params;
    const here = await workspaces.of(request, API.library.favourite);
    if (!(await store.addFavourite(here, postId))) throw postNotFound();
    return { success: true as const, data: { postId, favourite: true } };
  });

  route(app, API.library.unfavourite, {}, async (request) => {
    const { postId } = request.params;
    const here = await workspaces.of(request, API.library.unfavourite);
    if (!(await store.removeFavourite(here.workspaceId, postId))) {
      throw notFound(LIBRARY_ERROR_MESSAGES.favouriteNotFound, LIBRARY_ERROR_CODES.favouriteNotFound);
    }
    return { success: true as const, data: { postId, favourite: false } };
  });

  route(app, API.library.adminList, {}, async (request) => {
    const { q, ...filters } = request.query;
    return { success: true as const, data: await store.adminList({ ...filters, q: searchWords(q) }) };
  });

  route(app, API.library.adminCreate, {}, async (request) => {
    const post = await store.create(request.body, identityOf(request).userId);
    await audit.record(request, 'library.add', `${post.id} (${post.lang}, ${post.topic}, ${post.format})`);
    return { success: true as const, data: post };
  });

  route(app, API.library.adminUpdate, {}, async (request) => {
    const post = await store.update(request.params.postId, request.body, identityOf(request).userId);
    if (!post) throw postNotFound();
    const changed = Object.keys(request.body).sort().join(', ') || 'nothing';
    await audit.record(request, 'library.edit', `${post.id}: ${changed}${post.hidden ? ' (hidden)' : ''}`);
    return { success: true as const, data: post };
  });
}

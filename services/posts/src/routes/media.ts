import type { Readable } from 'node:stream';
import { API, isDocumentType, MEDIA_MESSAGES, type Media } from '@nashr/contracts';
import {
  identityOf,
  ObjectNotFoundError,
  type ObjectStore,
  route,
  type ServiceApp,
  type WorkspaceAccess,
} from '@nashr/platform';
import type { MediaRow } from '../db/schema.js';
import { type MediaService, mediaRefusal } from '../media/media-service.js';

export const toMedia = (row: MediaRow): Media => ({
  id: row.id,
  kind: row.kind,
  contentType: row.contentType,
  bytes: row.bytes,
  width: row.width,
  height: row.height,
  ...(row.title !== null ? { title: row.title } : {}),
  ...(row.pageCount !== null ? { pageCount: row.pageCount } : {}),
  createdAt: row.createdAt.toISOString(),
});

/** Uploading images and documents and reading them back (their uploader, and the members of a workspace whose drafts or posts carry them). */
export function mediaRoutes(
  app: ServiceApp,
  { media, storage, workspaces }: { media: MediaService; storage: ObjectStore; workspaces: WorkspaceAccess },
): void {
  app.register(async (scope) => {
    // The body is the file itself, whatever type it claims: handed over unread, as a stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    route(
      scope as ServiceApp,
      API.media.upload,
      { bodyCheck: 'handler', checkResponses: true },
      async (request, reply) => {
        const body = request.body as Readable | undefined;
        if (!body || typeof (body as Readable).on !== 'function') throw mediaRefusal('BAD_REQUEST', 'empty');
        // The file stays its uploader's (attached by them to posts and drafts); uploading one for a
        // workspace needs a role there that may write drafts.
        const here = await workspaces.of(request, API.media.upload);
        const row = await media.upload(here.userId, body, { title: request.query.title });
        request.log.info({ mediaId: row.id, kind: row.kind, bytes: row.bytes }, 'file uploaded');
        return reply.status(201).send({ success: true as const, message: MEDIA_MESSAGES.uploaded, data: toMedia(row) });
      },
    );
  });

  /**
   * A stored file, as it was checked. A document is sent as an attachment: a browser opening its
   * address downloads it instead of showing it in its PDF viewer on the app's own origin, where a
   * PDF's scripts (/OpenAction JavaScript) would run; the composer's preview reads it with fetch
   * (pdf.js), which the header does not affect. Every file is also sandboxed (no scripts, an opaque
   * origin, should a browser render it anyway) and never sniffed as another type.
   */
  const send = async (key: string, contentType: string, reply: import('fastify').FastifyReply) => {
    try {
      const stream = await storage.get(key);
      return reply
        .type(contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', isDocumentType(contentType) ? 'attachment; filename="document.pdf"' : 'inline')
        .header('content-security-policy', 'sandbox')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    } catch (error) {
      if (error instanceof ObjectNotFoundError) throw mediaRefusal('NOT_FOUND', 'notFound');
      throw error;
    }
  };

  route(app, API.media.file, {}, async (request, reply) => {
    const row = await media.readable(identityOf(request).userId, request.params.id);
    return send(row.storageKey, row.contentType, reply);
  });

  route(app, API.media.thumbnail, {}, async (request, reply) => {
    const row = await media.readable(identityOf(request).userId, request.params.id);
    return send(row.thumbnailKey, 'image/webp', reply);
  });
}

import {
  API,
  CONTENT_BLOCK_NAMES,
  CONTENT_ERROR_CODES,
  CONTENT_ERROR_MESSAGES,
  CONTENT_SAVE_BODY_LIMIT,
  type ContentBlockName,
  contentBlockSchemas,
  type Locale,
  MAX_BLOCK_BYTES,
} from '@nashr/contracts';
import { type AdminAudit, AppError, identityOf, notFound, parseOrThrow, route, type ServiceApp } from '@nashr/platform';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ContentStore, StoredBlock } from '../content-store.js';

/** Unknown block names are 404, decided before the body is even read. */
async function knownBlock(request: FastifyRequest): Promise<void> {
  const { blockName } = request.params as { blockName?: string };
  if (!CONTENT_BLOCK_NAMES.includes(blockName as ContentBlockName)) {
    throw notFound(CONTENT_ERROR_MESSAGES.blockNotFound(String(blockName)), CONTENT_ERROR_CODES.blockNotFound, {
      name: String(blockName).slice(0, 64),
    });
  }
}

const present = (block: StoredBlock, lang: Locale) => ({
  success: true as const,
  data: block.data,
  lang,
  version: block.version,
  updatedAt: block.updatedAt?.toISOString() ?? null,
});

export function contentRoutes(app: ServiceApp, store: ContentStore, audit: AdminAudit): void {
  route(app, API.content.block, { onRequest: knownBlock }, async (request, reply) => {
    const name = request.params.blockName;
    const block = await store.read(name, request.query.lang);
    // Landing visitors may see a save up to a few seconds late; admins read with no-cache.
    reply.header('cache-control', 'public, max-age=5');
    return present(block, request.query.lang);
  });

  route(
    app,
    API.content.save,
    // The named block's own schema checks the body below, not the union of every block's.
    { onRequest: knownBlock, bodyLimit: CONTENT_SAVE_BODY_LIMIT, bodyCheck: 'handler' },
    async (request) => {
      const name = request.params.blockName;
      // Parsed first: the schema bounds the nesting, and JSON.stringify overflows on a hostile one.
      const data = parseOrThrow(contentBlockSchemas[name] as z.ZodType, request.body);
      const size = Buffer.byteLength(JSON.stringify(data ?? null));
      if (size > MAX_BLOCK_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', CONTENT_ERROR_MESSAGES.tooLarge, {
          code: CONTENT_ERROR_CODES.tooLarge,
          params: { limit: '5 MB' },
        });
      }
      const saved = await store.replace(name, request.query.lang, data, {
        expectedVersion: request.query.version,
        userId: identityOf(request).userId,
      });
      await audit.record(request, 'content.save', `${name} (${request.query.lang}) v${saved.version}`);
      request.log.info({ block: name, lang: request.query.lang, version: saved.version }, 'content block saved');
      return { ...present(saved, request.query.lang), message: 'Content saved' };
    },
  );
}

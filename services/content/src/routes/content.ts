import {
  CONTENT_BLOCK_NAMES,
  type ContentBlockName,
  contentBlockSchemas,
  contentQuerySchema,
  contentSaveQuerySchema,
  MAX_BLOCK_BYTES,
} from '@nashr/contracts';
import { AppError, identityOf, notFound, parseOrThrow, requireRole, type ServiceApp } from '@nashr/platform';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ContentStore, StoredBlock } from '../content-store.js';

/** Room for a 5 MB block plus JSON overhead; the exact limit is checked on the parsed body. */
const SAVE_BODY_LIMIT = MAX_BLOCK_BYTES + 512 * 1024;

const paramsSchema = z.object({ blockName: z.string() });

/** Unknown block names are 404, decided before the body is even read. */
async function knownBlock(request: FastifyRequest): Promise<void> {
  const { blockName } = request.params as { blockName?: string };
  if (!CONTENT_BLOCK_NAMES.includes(blockName as ContentBlockName)) {
    throw notFound(`There is no content block named "${blockName}"`);
  }
}

const present = (block: StoredBlock, lang: string) => ({
  success: true as const,
  data: block.data,
  lang,
  version: block.version,
  updatedAt: block.updatedAt?.toISOString() ?? null,
});

export function contentRoutes(app: ServiceApp, store: ContentStore): void {
  app.get(
    '/content/:blockName',
    { onRequest: knownBlock, schema: { params: paramsSchema, querystring: contentQuerySchema } },
    async (request, reply) => {
      const name = request.params.blockName as ContentBlockName;
      const block = await store.read(name, request.query.lang);
      // Landing visitors may see a save up to a few seconds late; admins read with no-cache.
      reply.header('cache-control', 'public, max-age=5');
      return present(block, request.query.lang);
    },
  );

  app.post(
    '/content/:blockName/save_content/',
    {
      onRequest: knownBlock,
      preHandler: requireRole('admin'),
      bodyLimit: SAVE_BODY_LIMIT,
      schema: { params: paramsSchema, querystring: contentSaveQuerySchema },
    },
    async (request) => {
      const name = request.params.blockName as ContentBlockName;
      // Parsed first: the schema bounds the nesting, and JSON.stringify overflows on a hostile one.
      const data = parseOrThrow(contentBlockSchemas[name] as z.ZodType, request.body);
      const size = Buffer.byteLength(JSON.stringify(data ?? null));
      if (size > MAX_BLOCK_BYTES) {
        throw new AppError('PAYLOAD_TOO_LARGE', 'This content is larger than 5 MB: use fewer or smaller images');
      }
      const saved = await store.replace(name, request.query.lang, data, {
        expectedVersion: request.query.version,
        userId: identityOf(request).userId,
      });
      request.log.info({ block: name, lang: request.query.lang, version: saved.version }, 'content block saved');
      return { ...present(saved, request.query.lang), message: 'Content saved' };
    },
  );
}

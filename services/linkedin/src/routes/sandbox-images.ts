import type { ServiceApp } from '@nashr/platform';
import { z } from 'zod';
import { SANDBOX_IMAGES_PATH, type SandboxProvider } from '../providers/sandbox/sandbox-provider.js';

const paramsSchema = z.object({
  postId: z.string().regex(/^\d{1,30}$/, 'is not a post id'),
  position: z.coerce.number().int().min(0).max(8),
});

/**
 * The simulated network's images, as its feed shows them: its stand-in for the network's image
 * CDN, which serves a post's images to whoever sees the post.
 */
export function sandboxImageRoutes(app: ServiceApp, sandbox: SandboxProvider): void {
  app.get(`${SANDBOX_IMAGES_PATH}/:postId/:position`, { schema: { params: paramsSchema } }, async (request, reply) => {
    const images = await sandbox.imagesOf(request.params.postId);
    const image = images.find((item) => item.position === request.params.position);
    if (!image) {
      return reply.status(404).send({ success: false, code: 'request.not_found', message: 'No such image' });
    }
    return reply
      .type(image.contentType)
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(image.data);
  });
}

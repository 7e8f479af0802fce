import type { ServiceApp } from '@nashr/platform';
import { z } from 'zod';
import { CAPTCHA_SCRIPT_PATH, captchaWidgetScript } from '../providers/sandbox/captcha-widget.js';

const paramsSchema = z.object({ publicKey: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a public key') });

/**
 * The sandbox CAPTCHA widget script. Served on this site so the popup can load it like the real
 * one (same callback contract) without reaching any outside host.
 */
export function sandboxCaptchaRoutes(app: ServiceApp): void {
  app.get(`${CAPTCHA_SCRIPT_PATH}/:publicKey/api.js`, { schema: { params: paramsSchema } }, async (request, reply) => {
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .header('x-content-type-options', 'nosniff');
    return captchaWidgetScript(request.params.publicKey);
  });
}

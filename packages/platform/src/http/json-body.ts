import { isUtf8 } from 'node:buffer';
import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError } from '../errors.js';

const invalidJson = () =>
  new AppError('BAD_REQUEST', 'The request body is not valid JSON', { code: 'request.invalid_json' });

/**
 * The JSON body parser of every service. Fastify's own decodes the bytes as UTF-8, turning
 * invalid sequences into U+FFFD without a word, and calls a `__proto__` key "not valid JSON".
 * Each refusal here says its real reason, with its own code.
 */
export function parseJsonBody(
  _request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, value?: unknown) => void,
) {
  if (body.length === 0) {
    done(new AppError('BAD_REQUEST', 'The request body is empty: send a JSON value', { code: 'request.empty_body' }));
    return;
  }
  if (!isUtf8(body)) {
    done(
      new AppError('BAD_REQUEST', 'The request body is not valid UTF-8: send the text encoded as UTF-8', {
        code: 'request.invalid_utf8',
      }),
    );
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    done(invalidJson());
    return;
  }
  try {
    // JSON.parse makes `__proto__` an own key, harmless here, but code that copies the object
    // (a spread, Object.assign) would set a prototype from it: refused, and said so.
    if (value !== null && typeof value === 'object') {
      secureJson.scan(value, { protoAction: 'error', constructorAction: 'error' });
    }
  } catch {
    done(
      new AppError(
        'BAD_REQUEST',
        'The request body contains a "__proto__" or "constructor.prototype" key, which is not allowed',
        { code: 'request.forbidden_key' },
      ),
    );
    return;
  }
  done(null, value);
}

/** What every answer to a client must look like, whatever it sent. */
import { isDeclaredErrorCode } from '@nashr/contracts';

export interface Answer {
  status: number;
  contentType: string | undefined;
  body: string;
  /** Answers to HEAD carry no body by definition: only their status is checked. */
  head?: boolean;
}

/** Signs that internals leaked into a message: stack frames, file paths, driver or ORM wording. */
const LEAKS = [
  /\n\s+at\s/,
  /node_modules/,
  /\/work\/|\/src\/|\.ts:\d+/,
  /\bTypeError\b|\bRangeError\b|\bReferenceError\b/,
  /Failed query|syntax error at or near|violates .* constraint|relation ".*" does not exist/i,
  /\[object Object\]|^undefined$|^null$/,
];

/**
 * Why `answer` is not acceptable, or null when it is: never a 5xx (`allowed5xx` names the ones a
 * test deliberately causes), and every 4xx or 5xx a JSON `{ success: false, code, message }` whose
 * code is declared in contracts and whose message is non-empty, readable text without internals.
 */
export function problemWith(answer: Answer, allowed5xx: readonly number[] = []): string | null {
  if (answer.status >= 500 && !allowed5xx.includes(answer.status)) {
    return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  }
  if (answer.status < 400 || answer.head) return null;
  if (!answer.contentType?.startsWith('application/json')) {
    return `answered ${answer.status} as ${answer.contentType ?? 'no content type'}: ${answer.body.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `answered ${answer.status} with a body that is not JSON: ${answer.body.slice(0, 200)}`;
  }
  const { success, message, code } = (body ?? {}) as { success?: unknown; message?: unknown; code?: unknown };
  if (success !== false) return `answered ${answer.status} without success:false: ${answer.body.slice(0, 200)}`;
  // The web translates by code: an answer without a declared one reaches users untranslated.
  if (typeof code !== 'string' || !isDeclaredErrorCode(code)) {
    return `answered ${answer.status} without a declared error code: ${answer.body.slice(0, 200)}`;
  }
  if (typeof message !== 'string' || message.trim().length < 3) {
    return `answered ${answer.status} without a readable message: ${answer.body.slice(0, 200)}`;
  }
  if (message.length > 2_000) return `answered ${answer.status} with a ${message.length}-character message`;
  const leak = LEAKS.find((pattern) => pattern.test(message));
  if (leak) return `answered ${answer.status} with internals in the message (${leak}): ${message.slice(0, 300)}`;
  return null;
}

/** Adapts a light-my-request or fetch answer. */
export function fromInject(
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  method = 'GET',
): Answer {
  const type = res.headers['content-type'];
  return {
    status: res.statusCode,
    contentType: typeof type === 'string' ? type : undefined,
    body: res.body,
    head: method === 'HEAD',
  };
}

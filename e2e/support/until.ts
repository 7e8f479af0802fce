/** How a wait ends: after `ms`, failing with `logs()` (what the services wrote, read at the failure). */
export interface UntilOptions {
  ms?: number;
  logs?: () => string;
}

/**
 * Reads until `ok` holds, or fails saying what it last saw. The logs are read when it fails, not
 * when the wait begins, so they hold what happened while it waited.
 */
export async function until<T>(
  what: string,
  read: () => Promise<T> | T,
  ok: (value: T) => boolean,
  { ms = 30_000, logs }: UntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) {
      throw new Error(`${what}: still ${JSON.stringify(value)}${logs ? `\n${logs()}` : ''}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

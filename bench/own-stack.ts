import { writeFile } from 'node:fs/promises';
import { resolveBackingServices } from '@nashr/platform/testing';
import { type Stack, type StackOptions, startStack } from '@nashr/tools/process-stack';

/**
 * Runs a benchmark on a stack of its own. Run alone, it finds PostgreSQL and Redis the way the
 * tests do (run-all passes its own in DATABASE_URL and REDIS_URL). The summary `measure` returns
 * is printed as one JSON line and written to `out` (where run-all reads it); the stack and the
 * backing services stop however it ends.
 */
export async function benchOnOwnStack<Summary>(
  options: StackOptions,
  out: string | undefined,
  measure: (stack: Stack) => Promise<Summary>,
): Promise<Summary> {
  const backing = process.env.DATABASE_URL && process.env.REDIS_URL ? null : await resolveBackingServices();
  if (backing) {
    process.env.DATABASE_URL = backing.databaseUrl;
    process.env.REDIS_URL = backing.redisUrl;
  }
  try {
    const stack = await startStack(options);
    try {
      const summary = await measure(stack);
      console.log(JSON.stringify(summary));
      if (out) await writeFile(out, JSON.stringify(summary));
      return summary;
    } finally {
      await stack.stop();
    }
  } finally {
    await backing?.stop();
  }
}

import { fileURLToPath } from 'node:url';
import type { AnyService } from '@nashr/platform';

/** Every service, in start order; the gateway last, since it checks the others. */
export const SERVICE_NAMES = ['auth', 'linkedin', 'posts', 'content', 'ai', 'billing', 'engage', 'gateway'] as const;

/** Where each service's built definition lives (it finds its migrations and files beside it). */
export const builtServicePath = (name: string) =>
  fileURLToPath(new URL(`../../${name}/dist/service.js`, import.meta.url));

const isService = (value: unknown): value is AnyService =>
  typeof value === 'object' && value !== null && 'name' in value && 'port' in value;

/**
 * The built definitions of every service. Each service is its own bundle, so `import.meta.url`
 * in it still points at its own folder (migrations, the PDF reader thread).
 */
export async function loadServices(): Promise<AnyService[]> {
  return Promise.all(
    SERVICE_NAMES.map(async (name) => {
      const module = (await import(builtServicePath(name))) as Record<string, unknown>;
      const service = Object.values(module).find(isService);
      if (!service) throw new Error(`${builtServicePath(name)} exports no service definition`);
      return service;
    }),
  );
}

/**
 * The targets named on the command line (`--target=all`, `--target gateway,posts-api`, or plain
 * words), else in NASHR_TARGETS, else `all`.
 */
export function requestedTargets(argv: readonly string[], env: Record<string, string | undefined>): string[] {
  const named: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg.startsWith('--target=')) named.push(arg.slice('--target='.length));
    else if (arg === '--target' || arg === '-target') named.push(argv[++i] ?? '');
    else if (!arg.startsWith('-')) named.push(arg);
  }
  if (named.length > 0) return named;
  return [env.NASHR_TARGETS?.trim() || 'all'];
}

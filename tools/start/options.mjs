// Command-line options of `npm start`.

export const USAGE =
  'Usage: npm start [-- --no-build | --backing-only | --per-target]\n' +
  '  --no-build      skip `turbo run build` and run the existing dist/ folders\n' +
  '  --per-target    run each API and worker as its own process instead of all in one\n' +
  '  --backing-only  start only PostgreSQL and Redis, print their URLs, wait for Ctrl-C\n' +
  'Environment: PORT (gateway, default 8080), DATABASE_URL, REDIS_URL, REDIS_PREFIX, LOG_LEVEL,\n' +
  '  INTERNAL_SECRET, COOKIE_SECRET, ENCRYPTION_KEY, PUBLIC_URL, and any variable a service reads.\n' +
  '  SMTP_URL set: no local mail catcher. OIDC_ISSUER set: no local OpenID provider.\n';

/**
 * @param {string[]} argv   the arguments after the script's name
 * @returns {{ help: boolean, backingOnly: boolean, skipBuild: boolean, perTarget: boolean }}
 */
export function parseOptions(argv) {
  const args = new Set(argv);
  const backingOnly = args.has('--backing-only');
  return {
    help: args.has('--help') || args.has('-h'),
    backingOnly,
    // Only PostgreSQL and Redis run then: nothing needs building.
    skipBuild: args.has('--no-build') || backingOnly,
    perTarget: args.has('--per-target'),
  };
}

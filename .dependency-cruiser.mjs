// The layering of the code, checked on its imports by dependency-cruiser (test/architecture.test.ts
// runs it in `npm test`; `npx depcruise --config .dependency-cruiser.mjs services packages web/src`
// prints the same). The shape it holds is the one in the architecture notes:
//
// - services talk through Redis queues and events, never by importing each other's code;
// - packages are the ground the services stand on, and know no service;
// - `tools`, `bench`, `e2e` and `test` start and measure the product: nothing of it imports them;
// - the web app is laid out by feature: a feature uses another only through its `index.ts`,
//   `web/src/ui` and `web/src/lib` hold what several features share and use no feature, only the
//   router (and the renderers that stand in for it) loads screens, and the browser bundle takes
//   nothing of the server but the contracts;
// - no cycles, anywhere.
import { readdirSync, readFileSync } from 'node:fs';

/** A regular expression that matches exactly these paths. */
const exactly = (paths) => `^(${paths.map((path) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`;

/**
 * The files a service offers other workspaces: the targets of its package.json `exports`
 * (`@nashr/auth`, `@nashr/auth/testing`, ...). Everything else under a service is its own.
 */
const SERVICES = new URL('./services/', import.meta.url);
const serviceEntries = readdirSync(SERVICES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) => {
    const manifest = JSON.parse(readFileSync(new URL(`${entry.name}/package.json`, SERVICES), 'utf8'));
    return Object.values(manifest.exports ?? {}).map(
      (target) => `services/${entry.name}/${target.replace(/^\.\//, '')}`,
    );
  });

/** A service's tests and the harnesses they share: `*.test.ts`, `src/testing/`, `src/test-harness.ts`. */
const SERVICE_TEST_CODE = ['\\.test\\.tsx?$', '^services/[^/]+/(src/testing/|src/test-harness\\.ts$|test/)'];

/** The web app's screens: the component a route renders, `features/<feature>/<name>-screen.tsx`. */
const SCREEN = '^web/src/features/[^/]+/[^/]+-screen\\.tsx$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle ties its modules into one: none of them can be understood, tested or moved alone. ' +
        'Type-only imports are left out, as they vanish from the built code.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'service-imports-another-service',
      severity: 'error',
      comment:
        'Services talk only through the queues and events declared in packages/contracts, so a single ' +
        'process and one process per target behave alike. A service never imports another one.',
      from: { path: '^services/([^/]+)/', pathNot: SERVICE_TEST_CODE },
      to: { path: '^services/', pathNot: '^services/$1/' },
    },
    {
      name: 'service-test-reaches-into-another-service',
      severity: 'error',
      comment:
        // Justified exception: a service's integration tests run the other end of a queue or of the
        // gateway's forwarding for real (the gateway's tests forward to the content service, the
        // engage harness runs the AI workers its jobs go to, the AI service streams through the
        // gateway). They start it through its package (`@nashr/<service>`, `@nashr/<service>/testing`),
        // never through its files, so the other service stays free to rearrange its inside.
        "A service's tests may start another service only through its package's exports.",
      from: { path: '^services/([^/]+)/' },
      to: { path: '^services/', pathNot: ['^services/$1/', exactly(serviceEntries)] },
    },
    {
      name: 'outside-reaches-into-a-service',
      severity: 'error',
      comment:
        "Tests, benchmarks, browser tests and tools use a service through its package's exports " +
        '(`@nashr/<service>`, `@nashr/<service>/testing`), never its internal files.',
      from: { pathNot: '^services/' },
      to: { path: '^services/', pathNot: exactly(serviceEntries) },
    },
    {
      name: 'product-imports-development-code',
      severity: 'error',
      comment:
        '`tools` starts every service (the stacks the tests run), `bench` measures them, `e2e` and ' +
        '`test` check them from outside: a service or package that imported one of them would make a ' +
        'cycle of packages and ship development code. What tests of a service need from the ' +
        'development side lives in packages/fakes.',
      from: { path: '^(services|packages)/' },
      to: { path: '^(tools|bench|e2e|test|scripts)/' },
    },
    {
      name: 'package-imports-a-service',
      severity: 'error',
      comment: 'Packages are what the services are built from; they know no service and no web code.',
      from: { path: '^packages/' },
      to: { path: '^(services|web)/' },
    },
    {
      name: 'web-imports-server-code',
      severity: 'error',
      comment:
        'The web app shares only the contracts (API catalogue, error codes, schemas) with the server; ' +
        "anything else would put server code in the browser's bundle.",
      from: { path: '^web/' },
      to: { path: '^(services|tools|bench|e2e|test|packages/(?!contracts/))' },
    },
    {
      name: 'feature-reaches-into-another-feature',
      severity: 'error',
      comment:
        "A feature uses another feature only through that feature's `index.ts`, so each can change its " +
        'inside without breaking the other.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'shared-web-code-uses-a-feature',
      severity: 'error',
      comment: '`web/src/ui` and `web/src/lib` hold the pieces several features share; they use no feature.',
      from: { path: '^web/src/(ui|lib)/' },
      to: { path: '^web/src/features/' },
    },
    {
      name: 'web-foundation-knows-screens',
      severity: 'error',
      comment:
        'Data, session and language code sit below the screens. The language code gathers each ' +
        "feature's words (`features/<feature>/locales/`), nothing else of the features.",
      from: { path: '^web/src/(lib|session|i18n)/' },
      to: {
        path: '^web/src/(features/|router\\.tsx$)',
        pathNot: '^web/src/features/[^/]+/locales/[^/]+/[^/]+\\.json$',
      },
    },
    {
      name: 'screen-loaded-outside-the-router',
      severity: 'error',
      comment:
        // The landing page's own root renders that one screen without the router: the gateway renders
        // it to HTML and the browser hydrates it. The signed-in screens' server renderer renders
        // through the router itself.
        'Only the router (and the entries that stand in for it) loads screens and the router.',
      from: {
        pathNot: [
          exactly([
            'web/src/router.tsx',
            // The router's own test reads its routes.
            'web/src/router.test.ts',
            'web/src/main.tsx',
            'web/src/features/landing/landing-root.tsx',
            'web/src/app-ssr/server.tsx',
          ]),
          // A screen's own test renders it (`dashboard-screen.test.tsx` beside `dashboard-screen.tsx`).
          '^web/src/features/[^/]+/[^/]+-screen\\.test\\.tsx$',
        ],
      },
      to: { path: [SCREEN, '^web/src/router\\.tsx$'] },
    },
  ],
  options: {
    // Type-only imports count for the layering: a type is part of what a file knows about another.
    tsPreCompilationDeps: true,
    doNotFollow: { path: ['node_modules'] },
    // test/fixtures/architecture breaks every rule on purpose, for the test that the rules hold.
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist(-ssr)?/', '(^|/)\\.', '^test/fixtures/architecture/'] },
    // Workspace packages resolve through their node_modules links to their real folder
    // (`@nashr/auth` → services/auth/src/index.ts), so the rules see which workspace a file is in.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    skipAnalysisNotInRules: true,
  },
};

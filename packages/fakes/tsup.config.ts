import { serviceBuild } from '../tsconfig/tsup.service.js';

// The two helpers `npm start` runs as processes (tools/stack/processes.mjs, HELPERS): each entry
// becomes dist/<name>.js, which starts its server when node runs it.
export default serviceBuild(['src/mail-catcher.ts', 'src/oidc-provider.ts']);

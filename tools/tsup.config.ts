import { serviceBuild } from '../packages/tsconfig/tsup.service.js';

// The two helpers `npm start` runs as processes (tools/stack/processes.mjs, HELPERS).
export default serviceBuild(['src/mail-catcher.ts', 'src/oidc-provider.ts']);

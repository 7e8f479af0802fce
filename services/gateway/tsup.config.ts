import { serviceBuild } from '../../packages/tsconfig/tsup.service.js';

export default serviceBuild(['src/service.ts', 'src/server.ts']);

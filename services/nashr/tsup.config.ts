import { serviceBuild } from '../../packages/tsconfig/tsup.service.js';

export default serviceBuild(['src/main.ts']);

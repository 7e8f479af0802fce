import { runTargets } from '@nashr/platform';
import { loadServices, requestedTargets } from './parts.js';

await runTargets(await loadServices(), requestedTargets(process.argv.slice(2), process.env));

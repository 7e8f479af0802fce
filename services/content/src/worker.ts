import { runTargets } from '@nashr/platform';
import { contentService } from './service.js';

await runTargets([contentService], 'content-worker');

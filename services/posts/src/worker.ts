import { runTargets } from '@nashr/platform';
import { postsService } from './service.js';

await runTargets([postsService], 'posts-worker');

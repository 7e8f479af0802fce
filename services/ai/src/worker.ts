import { runTargets } from '@nashr/platform';
import { aiService } from './service.js';

await runTargets([aiService], 'ai-worker');

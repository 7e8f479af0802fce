import { runTargets } from '@nashr/platform';
import { engageService } from './service.js';

await runTargets([engageService], 'engage-api');

import { runTargets } from '@nashr/platform';
import { linkedinService } from './service.js';

await runTargets([linkedinService], 'linkedin-api');

import { runTargets } from '@nashr/platform';
import { authService } from './service.js';

await runTargets([authService], 'auth-worker');

import { runTargets } from '@nashr/platform';
import { billingService } from './service.js';

await runTargets([billingService], 'billing-api');

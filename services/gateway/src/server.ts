import { runTargets } from '@nashr/platform';
import { gatewayService } from './service.js';

await runTargets([gatewayService], 'gateway');

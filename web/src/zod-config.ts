import { z } from 'zod';

// zod probes whether it may compile validators with `new Function`; under the gateway's CSP
// (script-src 'self') the probe is refused and the browser reports a CSP violation on every
// page (Lighthouse's best-practices "issues" audit). Validation works the same without it.
// Its own module, imported first by main.tsx: some modules parse with zod as they load.
z.config({ jitless: true });

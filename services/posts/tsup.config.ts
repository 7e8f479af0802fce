import { serviceBuild } from '../../packages/tsconfig/tsup.service.js';

// src/media/pdf-reader.ts runs as a worker thread of the server (dist/media/pdf-reader.js).
export default serviceBuild([
  'src/service.ts',
  'src/server.ts',
  'src/worker.ts',
  'src/migrate.ts',
  'src/media/pdf-reader.ts',
]);

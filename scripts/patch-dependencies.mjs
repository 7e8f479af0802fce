#!/usr/bin/env node
// @ts-check
// Runs after every `npm install` (root postinstall). Applies small fixes to dependencies whose
// upstream fix is not released yet. Each patch is idempotent and fails loudly if the code it
// expects has changed, so an upgrade that already fixed (or moved) the code is noticed at once.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const PATCHES = [
  {
    // postgres.js 3.4.x: when the server connection drops inside a transaction, a write deferred
    // with setImmediate runs after the socket was set to null and throws an uncatchable TypeError
    // that ends the whole process (porsager/postgres#1154, #1208). With the guard the query fails
    // with the connection error instead, and the service answers 503.
    name: 'postgres: deferred write after the connection closed',
    files: ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'].map((f) =>
      join(root, 'node_modules', 'postgres', f),
    ),
    find: '    const x = socket.write(chunk, fn)\n',
    replace:
      '    if (!socket) { chunk = nextWriteTimer = null; return false } // nashr: patched, see scripts/patch-dependencies.mjs\n    const x = socket.write(chunk, fn)\n',
    marker: 'nashr: patched',
  },
];

let failed = false;
for (const patch of PATCHES) {
  for (const file of patch.files) {
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    if (source.includes(patch.marker)) continue;
    if (!source.includes(patch.find)) {
      process.stderr.write(`patch "${patch.name}" does not apply to ${file}: check whether it is still needed\n`);
      failed = true;
      continue;
    }
    writeFileSync(file, source.replace(patch.find, patch.replace));
  }
}
process.exit(failed ? 1 : 0);

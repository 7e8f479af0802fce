/* biome-ignore-all lint/suspicious/noUndeclaredEnvVars: read when the container starts, never by a turbo task */
// `server <dir>` as MinIO takes it: s3rver on port 9000 keeping objects under <dir>, with the
// access key MINIO_ROOT_USER / MINIO_ROOT_PASSWORD (s3rver otherwise knows only its own).
import { createRequire } from 'node:module';

const require = createRequire(`${process.execPath.replace(/bin\/node$/, '')}lib/node_modules/`);
const S3rver = require('s3rver');
const { DUMMY_ACCOUNT } = require('s3rver/lib/models/account');

const [command, directory = '/data'] = process.argv.slice(2);
if (command !== 'server') {
  process.stderr.write('usage: server <directory>\n');
  process.exit(2);
}
const user = process.env.MINIO_ROOT_USER;
const password = process.env.MINIO_ROOT_PASSWORD;
if (!user || !password) {
  process.stderr.write('MINIO_ROOT_USER and MINIO_ROOT_PASSWORD must be set\n');
  process.exit(1);
}
DUMMY_ACCOUNT.createKeyPair(user, password);
// Path-style only: otherwise s3rver takes a host name such as `minio` for a bucket's.
const server = new S3rver({ address: '0.0.0.0', port: 9000, directory, silent: true, vhostBuckets: false });
await server.run();
process.stdout.write(`s3 stand-in: listening on 0.0.0.0:9000, objects in ${directory}\n`);
const stop = () => server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

// @ts-check
// Which Node.js Nashr supports, read from the root package.json "engines", the one place it is
// written: test/node-version.test.ts checks the Dockerfile, docker-compose.yml and the README
// against it, and .ci/run reads it to install the Node.js of its second test run.
// Only Node built-ins: `npm start` and `npm test` call this before `npm install` has run.
import { readFileSync } from 'node:fs';

/** End of security fixes of the majors below the supported one, for a notice that says why. */
/** @type {Record<number, string>} */
const END_OF_LIFE = { 18: '30 April 2025', 20: '30 April 2026' };

/** The lowest supported major, from an `engines.node` range written as `>=N` (or `>=N.M`). */
export function supportedNodeMajor() {
  const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const match = /^>=\s*(\d+)(?:\.\d+){0,2}$/.exec(manifest.engines?.node ?? '');
  if (!match)
    throw new Error(`package.json engines.node must read ">=N", not ${JSON.stringify(manifest.engines?.node)}`);
  return Number(match[1]);
}

/** A notice for a Node.js older than the supported one, or null when `version` is supported. */
export function unsupportedNodeNotice(version = process.versions.node, supported = supportedNodeMajor()) {
  const major = Number(version.split('.')[0]);
  if (major >= supported) return null;
  const why = END_OF_LIFE[major]
    ? `is out of support: it stopped receiving security fixes on ${END_OF_LIFE[major]}`
    : 'is older than Nashr supports';
  return [
    `Node.js ${version} ${why}.`,
    `Install Node.js ${supported} LTS (nvm install ${supported}, or https://nodejs.org/en/download): Nashr is built and tested for it.`,
    "npm's EBADENGINE warnings on install say the same (docs/development.md, Node.js versions).",
  ].join('\n  ');
}

/** Prints the notice on standard error when this Node.js is not a supported one. */
export function warnIfUnsupportedNode() {
  const notice = unsupportedNodeNotice();
  if (notice) process.stderr.write(`\n⚠ ${notice}\n\n`);
}

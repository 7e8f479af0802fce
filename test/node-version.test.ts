// The supported Node.js is written once, in package.json "engines"; the Dockerfile, docker-compose.yml
// and the README must agree with it, and `npm start` / `npm test` warn on an older one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { supportedNodeMajor, unsupportedNodeNotice } from '../scripts/node-support.mjs';
import { ROOT } from '../tools/stack/processes.mjs';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const major = supportedNodeMajor();
const image = `node:${major}-bookworm-slim`;

/**
 * Every official Node image a text names (node:20-bookworm-slim, node:24, node:lts, ...); not a
 * `chown node:node`, whose user and group only look alike.
 */
const nodeImages = (text: string) => [...text.matchAll(/\bnode:(?:\d|lts|current|latest)[\w.-]*/g)].map((m) => m[0]);

describe('the supported Node.js', () => {
  it('is a long-term-support line no older than 24', () => {
    expect(read('package.json')).toContain(`"node": ">=${major}"`);
    expect(major).toBeGreaterThanOrEqual(24);
    expect(major % 2).toBe(0);
  });

  it('is the base of every image, pinned by major version', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(new RegExp(`^ARG NODE_IMAGE=${image}$`, 'm'));
    expect(nodeImages(dockerfile)).toEqual([image]);
    const bases = [...dockerfile.matchAll(/^FROM\s+(\S+)/gm)].map((m) => m[1]);
    const stages = [...dockerfile.matchAll(/^FROM\s+\S+\s+AS\s+(\S+)/gm)].map((m) => m[1]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Dockerfile syntax, not a template
    for (const base of bases) expect(['${NODE_IMAGE}', ...stages]).toContain(base);
  });

  it('is what docker-compose.yml says its containers run, with no other Node image or base', () => {
    const compose = read('docker-compose.yml');
    expect(nodeImages(compose)).toEqual([image]);
    // The one base a registry-less machine replaces (scripts/local-images.sh), defaulting to the image.
    expect([...compose.matchAll(/^\s*NODE_IMAGE:.*$/gm)].map((m) => m[0].trim())).toEqual([
      `NODE_IMAGE: \${NODE_IMAGE:-${image}}`,
    ]);
  });

  it('is what the README asks for, with the images it names', () => {
    const readme = read('README.md');
    const requirements = readme.split(/^## /m).find((section) => section.startsWith('Requirements')) ?? '';
    expect(requirements).toContain(`Node.js ${major}`);
    expect(requirements).toContain(`"node": ">=${major}"`);
    expect(requirements).toContain(image);
    // The deployment pages name images too (compose, Kubernetes): every one must be the same.
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => read(join('docs', name)));
    const named = [readme, ...docs].flatMap(nodeImages);
    expect(named.length).toBeGreaterThan(1);
    for (const one of named) expect(one).toBe(image);
  });
});

describe('the notice on an older Node.js', () => {
  it('says Node.js 20 is out of support since its end of life and which version to install', () => {
    const notice = unsupportedNodeNotice('20.20.2', 24);
    expect(notice).toContain('Node.js 20.20.2 is out of support');
    expect(notice).toContain('30 April 2026');
    expect(notice).toContain('Install Node.js 24 LTS');
  });

  it('names any older version, and says nothing on the supported one or a newer one', () => {
    expect(unsupportedNodeNotice('22.12.0', 24)).toContain('Node.js 22.12.0 is older than Nashr supports');
    expect(unsupportedNodeNotice('24.0.0', 24)).toBeNull();
    expect(unsupportedNodeNotice('26.1.0', 24)).toBeNull();
  });
});

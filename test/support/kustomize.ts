// Renders a kustomization the way `kustomize build` does, for the subset deploy/kubernetes uses:
// resources (files and directories), namespace, labels (metadata only), images, secret and
// ConfigMap generators from env files (names without hash suffix), and strategic-merge patches
// matched by kind and name. Anything else in a kustomization is refused, so a new feature gets
// a renderer change (or a real kustomize) instead of being skipped silently. No kustomize binary
// is installed on the development machines or in CI, and none may be downloaded.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, parse as parseYaml } from 'yaml';

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
};

type Generator = { name: string; envs?: string[]; literals?: string[] };
interface Kustomization {
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean; includeTemplates?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  generatorOptions?: { disableNameSuffixHash?: boolean };
  secretGenerator?: Generator[];
  configMapGenerator?: Generator[];
  patches?: { path: string }[];
}

const SUPPORTED = new Set([
  'apiVersion',
  'kind',
  'resources',
  'namespace',
  'labels',
  'images',
  'generatorOptions',
  'secretGenerator',
  'configMapGenerator',
  'patches',
]);

/** Kinds that live outside namespaces (the rest get the kustomization's namespace). */
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'ClusterTriggerAuthentication']);

export interface RenderOptions {
  /** Reads a generator's env file; defaults to the file, or its `.example` when the file is absent. */
  readEnvFile?: (path: string) => string;
}

export function render(dir: string, options: RenderOptions = {}): Manifest[] {
  const kustomization = parseYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8')) as Kustomization;
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length) throw new Error(`${dir}: the test renderer does not support ${unsupported.join(', ')}`);

  let manifests: Manifest[] = [];
  for (const resource of kustomization.resources ?? []) {
    const path = join(dir, resource);
    manifests.push(...(statSync(path).isDirectory() ? render(path, options) : readManifests(path)));
  }

  const readEnv =
    options.readEnvFile ?? ((path: string) => readFileSync(existsSync(path) ? path : `${path}.example`, 'utf8'));
  for (const [kind, generators] of [
    ['Secret', kustomization.secretGenerator],
    ['ConfigMap', kustomization.configMapGenerator],
  ] as const) {
    for (const generator of generators ?? []) {
      if (!kustomization.generatorOptions?.disableNameSuffixHash) {
        throw new Error(`${dir}: generated names with a hash suffix are not supported by the test renderer`);
      }
      const data: Record<string, string> = {};
      for (const file of generator.envs ?? []) Object.assign(data, parseEnvFile(readEnv(join(dir, file))));
      for (const literal of generator.literals ?? []) Object.assign(data, parseEnvFile(literal));
      manifests.push({
        apiVersion: 'v1',
        kind,
        metadata: { name: generator.name },
        ...(kind === 'Secret'
          ? { type: 'Opaque', data: mapValues(data, (v) => Buffer.from(v).toString('base64')) }
          : { data }),
      });
    }
  }

  for (const patch of kustomization.patches ?? []) {
    for (const doc of readManifests(join(dir, patch.path))) {
      const index = manifests.findIndex((m) => m.kind === doc.kind && m.metadata.name === doc.metadata.name);
      if (index < 0) throw new Error(`${dir}/${patch.path}: no ${doc.kind} named ${doc.metadata.name} to patch`);
      manifests[index] = strategicMerge(manifests[index], doc) as Manifest;
    }
  }

  for (const { pairs, includeSelectors, includeTemplates } of kustomization.labels ?? []) {
    if (includeSelectors || includeTemplates) throw new Error(`${dir}: labels on selectors are not supported`);
    manifests = manifests.map((m) => ({
      ...m,
      metadata: { ...m.metadata, labels: { ...m.metadata.labels, ...pairs } },
    }));
  }

  for (const image of kustomization.images ?? []) {
    for (const manifest of manifests) {
      for (const container of podContainers(manifest)) {
        const [name, tag] = splitImage(container.image);
        if (name !== image.name) continue;
        container.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
      }
    }
  }

  if (kustomization.namespace) {
    const namespace = kustomization.namespace;
    manifests = manifests.map((m) =>
      CLUSTER_SCOPED.has(m.kind) ? m : { ...m, metadata: { ...m.metadata, namespace } },
    );
  }
  return manifests;
}

export function readManifests(path: string): Manifest[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((doc) => {
      if (doc.errors.length) throw new Error(`${path}: ${doc.errors.map((e) => e.message).join('; ')}`);
      return doc.toJS() as Manifest | null;
    })
    .filter((doc): doc is Manifest => doc !== null);
}

/** The containers (init containers too) of a workload, whatever its kind. */
export function podContainers(manifest: Manifest): { name: string; image: string; [key: string]: unknown }[] {
  type PodSpec = { containers?: []; initContainers?: [] };
  const spec = manifest.spec as { template?: { spec?: PodSpec } } | undefined;
  const pod = spec?.template?.spec;
  return [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])];
}

/** KEY=value lines; blank lines and # comments skipped. */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at > 0) env[trimmed.slice(0, at)] = trimmed.slice(at + 1);
  }
  return env;
}

function splitImage(image: string): [string, string | undefined] {
  const at = image.lastIndexOf(':');
  return at > image.lastIndexOf('/') ? [image.slice(0, at), image.slice(at + 1)] : [image, undefined];
}

function mapValues(record: Record<string, string>, fn: (value: string) => string): Record<string, string> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fn(v)]));
}

/** Maps merge key by key; lists of named items merge by name (as containers and env do); other lists are replaced. */
function strategicMerge(target: unknown, patch: unknown): unknown {
  if (Array.isArray(patch)) {
    if (!Array.isArray(target) || !patch.every(isNamed) || !target.every(isNamed)) return patch;
    const merged: { name: string }[] = [...target];
    for (const item of patch) {
      const at = merged.findIndex((existing) => existing.name === item.name);
      if (at < 0) merged.push(item);
      else merged[at] = strategicMerge(merged[at], item) as { name: string };
    }
    return merged;
  }
  if (isObject(patch) && isObject(target)) {
    const merged: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch))
      merged[key] = key in target ? strategicMerge(target[key], value) : value;
    return merged;
  }
  return patch;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isNamed(value: unknown): value is { name: string } {
  return isObject(value) && typeof value.name === 'string';
}

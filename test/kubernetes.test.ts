// deploy/kubernetes against Kubernetes' and KEDA's schemas (kubernetes-models), the process list
// of tools/stack/processes.mjs, each service's configuration schema and the queues of
// packages/contracts: a manifest that the API server would refuse, a pod that would not start or a
// queue that nothing scales on fails here instead of in a cluster.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1/TriggerAuthentication';
import { QUEUES } from '@nashr/contracts';
import { configProblems, queueKeyPrefix } from '@nashr/platform';
import { IoK8sApiAppsV1Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { IoK8sApiAutoscalingV2HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { IoK8sApiBatchV1Job } from 'kubernetes-models/batch/v1/Job';
import { IoK8sApiNetworkingV1Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { IoK8sApiPolicyV1PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { IoK8sApiCoreV1ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { IoK8sApiCoreV1Namespace } from 'kubernetes-models/v1/Namespace';
import { IoK8sApiCoreV1Secret } from 'kubernetes-models/v1/Secret';
import { IoK8sApiCoreV1Service } from 'kubernetes-models/v1/Service';
import { beforeAll, describe, expect, it } from 'vitest';
import { kubernetesFiles } from '../scripts/kubernetes.mjs';
import { exampleContext, ONE_PROCESS_ENTRY, ROOT, stackProcesses, targetOf } from '../tools/stack/processes.mjs';
import { type Manifest, parseEnvFile, podContainers, render } from './support/kustomize.js';

const DEPLOY = join(ROOT, 'deploy', 'kubernetes');

/** A model class of kubernetes-models: validates on `.validate()`, throwing with every problem. */
// biome-ignore lint/suspicious/noExplicitAny: each model takes its own kind's shape; the manifests are checked at run time
type Model = new (data: any) => { validate(): void };
const MODELS: Record<string, Model> = {
  'v1/ConfigMap': IoK8sApiCoreV1ConfigMap,
  'v1/Secret': IoK8sApiCoreV1Secret,
  'v1/Service': IoK8sApiCoreV1Service,
  'v1/Namespace': IoK8sApiCoreV1Namespace,
  'apps/v1/Deployment': IoK8sApiAppsV1Deployment,
  'batch/v1/Job': IoK8sApiBatchV1Job,
  'policy/v1/PodDisruptionBudget': IoK8sApiPolicyV1PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': IoK8sApiAutoscalingV2HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': IoK8sApiNetworkingV1Ingress,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

interface ParseResult {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}
interface EnvSchema {
  safeParse(value: unknown): ParseResult;
}
interface StackProcess {
  name: string;
  kind: 'helper' | 'api' | 'worker' | 'gateway';
  service?: string;
  source?: string;
  port: number;
  command: string[];
  env: Record<string, string>;
}
type EnvVar = {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
};
type Container = {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown> };
};
type Trigger = { type: string; metadata: Record<string, string>; authenticationRef?: { name: string } };

/** The real providers' settings, by Deployment: production reads each from the Secret. */
const PROVIDER_SETTINGS: Record<string, string[]> = {
  auth: [
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'VAPID_PUBLIC_KEY',
    'VAPID_PRIVATE_KEY',
    'VAPID_SUBJECT',
  ],
  'auth-worker': ['SMTP_URL', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'],
  linkedin: ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET', 'LINKEDIN_REDIRECT_URI', 'UNIPILE_DSN', 'UNIPILE_API_KEY'],
  'linkedin-worker': ['LINKEDIN_CLIENT_ID', 'LINKEDIN_CLIENT_SECRET', 'UNIPILE_DSN', 'UNIPILE_API_KEY'],
  engage: ['UNIPILE_DSN', 'UNIPILE_API_KEY'],
  'engage-worker': ['UNIPILE_DSN', 'UNIPILE_API_KEY'],
  ai: ['OPENAI_BASE_URL', 'OPENAI_API_KEY'],
  'ai-worker': ['OPENAI_BASE_URL', 'OPENAI_API_KEY'],
  billing: [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_BASIC',
    'STRIPE_PRICE_STARTER',
    'STRIPE_PRICE_PRO',
  ],
  'billing-worker': ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PRO'],
  posts: ['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'],
};

const processes = (stackProcesses(exampleContext()) as StackProcess[]).filter((p) => p.kind !== 'helper');
const apiVersionKind = (m: Manifest) => `${m.apiVersion}/${m.kind}`;
const find = (manifests: Manifest[], kind: string, name: string) =>
  manifests.find((m) => m.kind === kind && m.metadata.name === name);
const matches = (selector: Record<string, string> = {}, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** What a Secret or ConfigMap holds, as plain strings. */
function dataOf(manifest: Manifest | undefined): Record<string, string> {
  if (!manifest) return {};
  const data = (manifest.data ?? {}) as Record<string, string>;
  return manifest.kind === 'Secret'
    ? Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v, 'base64').toString()]))
    : { ...data };
}

/** The environment a container starts with, resolved from the rendered ConfigMaps and Secrets. */
function environmentOf(manifests: Manifest[], container: Container, problems: string[], where: string) {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    const kind = source.configMapRef ? 'ConfigMap' : 'Secret';
    const found = ref && find(manifests, kind, ref.name);
    if (!found) problems.push(`${where}: envFrom names a ${kind} "${ref?.name}" that is not rendered`);
    Object.assign(env, dataOf(found));
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) env[variable.name] = variable.value;
    const ref = variable.valueFrom?.secretKeyRef;
    if (!ref) continue;
    const value = dataOf(find(manifests, 'Secret', ref.name))[ref.key];
    if (value !== undefined) env[variable.name] = value;
    else if (!ref.optional) problems.push(`${where}: ${variable.name} reads ${ref.name}/${ref.key}, which is not set`);
  }
  return env;
}

/** Every problem of a rendered deployment, one line each; an empty list when it is right. */
function checkManifests(manifests: Manifest[], schemas: Record<string, EnvSchema | undefined>): string[] {
  const problems: string[] = [];
  for (const manifest of manifests) {
    const model = MODELS[apiVersionKind(manifest)];
    if (!model) {
      problems.push(`${manifest.kind} ${manifest.metadata.name}: no schema for ${apiVersionKind(manifest)}`);
      continue;
    }
    try {
      new model(manifest).validate();
    } catch (error) {
      problems.push(`${manifest.kind} ${manifest.metadata.name}: ${(error as Error).message}`);
    }
  }

  const config = dataOf(find(manifests, 'ConfigMap', 'nashr-config'));
  const templateLabels = (m: Manifest) =>
    (m.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;

  for (const proc of processes) {
    const deployment = find(manifests, 'Deployment', proc.name);
    if (!deployment) {
      problems.push(`${proc.name}: in tools/stack/processes.mjs but no Deployment`);
      continue;
    }
    const spec = deployment.spec as { selector: { matchLabels: Record<string, string> }; replicas?: number };
    if (!matches(spec.selector.matchLabels, templateLabels(deployment)))
      problems.push(`${proc.name}: the selector does not match the pod labels`);
    if (spec.replicas !== undefined) problems.push(`${proc.name}: sets replicas, which its autoscaler owns`);
    const container = podContainers(deployment)[0] as unknown as Container;
    const where = `Deployment ${proc.name}`;
    // The one image's entry point, with the process list's target.
    const run = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
    const wanted = `node ${ONE_PROCESS_ENTRY} --target=${targetOf(proc)}`;
    if (run !== wanted) problems.push(`${where}: runs "${run}" instead of "${wanted}"`);
    if (!proc.source || !existsSync(join(ROOT, proc.source))) problems.push(`${where}: no source ${proc.source}`);
    if (
      !container.resources?.requests?.cpu ||
      !container.resources?.requests?.memory ||
      !container.resources?.limits?.memory
    )
      problems.push(`${where}: needs cpu and memory requests and a memory limit`);

    const env = environmentOf(manifests, container, problems, where);
    const schema = schemas[`${proc.service}/${proc.kind === 'worker' ? 'worker' : 'server'}`];
    const parsed = schema?.safeParse(env);
    if (!schema) problems.push(`${where}: no configuration schema for ${proc.service}`);
    else if (!parsed?.success)
      for (const issue of parsed?.error?.issues ?? [])
        problems.push(`${where}: ${issue.path.join('.')} ${issue.message}`);

    const pdb = manifests.find(
      (m) =>
        m.kind === 'PodDisruptionBudget' &&
        matches(
          (m.spec as { selector: { matchLabels: Record<string, string> } }).selector.matchLabels,
          templateLabels(deployment),
        ),
    );
    if (!pdb) problems.push(`${where}: no PodDisruptionBudget`);

    if (proc.kind === 'worker') {
      checkWorkerScaling(manifests, proc, config.REDIS_PREFIX, problems);
      continue;
    }
    // APIs and the gateway: probes on the port the process listens on, a Service, an HPA on CPU.
    const port = container.ports?.find((p) => String(p.containerPort) === env.PORT);
    if (!port) problems.push(`${where}: no container port for PORT=${env.PORT}`);
    const probePort = (probe?: { httpGet?: { port: string | number } }) => probe?.httpGet?.port;
    if (container.readinessProbe?.httpGet?.path !== '/readyz') problems.push(`${where}: readiness must GET /readyz`);
    if (container.livenessProbe?.httpGet?.path !== '/healthz') problems.push(`${where}: liveness must GET /healthz`);
    for (const probe of [container.readinessProbe, container.livenessProbe]) {
      if (probe && port && probePort(probe) !== port.name && probePort(probe) !== port.containerPort)
        problems.push(`${where}: a probe is on port ${probePort(probe)}, not the API's`);
    }
    const service = manifests.find(
      (m) =>
        m.kind === 'Service' &&
        matches((m.spec as { selector: Record<string, string> }).selector, templateLabels(deployment)),
    );
    if (!service) problems.push(`${where}: no Service selects its pods`);
    const hpa = manifests.find(
      (m) =>
        m.kind === 'HorizontalPodAutoscaler' &&
        (m.spec as { scaleTargetRef: { kind: string; name: string } }).scaleTargetRef.name === proc.name,
    );
    const onCpu = (hpa?.spec as { metrics?: { resource?: { name: string } }[] } | undefined)?.metrics?.some(
      (metric) => metric.resource?.name === 'cpu',
    );
    if (!onCpu) problems.push(`${where}: no HorizontalPodAutoscaler on CPU`);
  }

  // The gateway reaches each API by its Service, and the Ingress reaches the gateway.
  const gateway = find(manifests, 'Deployment', 'gateway');
  if (gateway) {
    const env = environmentOf(manifests, podContainers(gateway)[0] as unknown as Container, [], 'gateway');
    for (const proc of processes.filter((p) => p.kind === 'api')) {
      const url = env[`${proc.name.toUpperCase()}_URL`];
      const service = find(manifests, 'Service', proc.name);
      const ports = (service?.spec as { ports?: { port: number }[] } | undefined)?.ports ?? [];
      if (!url || !ports.some((p) => url === `http://${proc.name}:${p.port}`))
        problems.push(`Deployment gateway: ${proc.name.toUpperCase()}_URL=${url} is not the ${proc.name} Service`);
    }
  }
  const ingress = manifests.find((m) => m.kind === 'Ingress');
  const backends = JSON.stringify(ingress?.spec ?? {});
  if (!backends.includes('"name":"gateway"')) problems.push('no Ingress routes to the gateway Service');

  const job = find(manifests, 'Job', 'migrate');
  const migrate = job && (podContainers(job)[0] as unknown as Container);
  if (migrate?.command?.join(' ') !== 'node scripts/migrate.mjs') problems.push('no Job runs scripts/migrate.mjs');
  else environmentOf(manifests, migrate, problems, 'Job migrate');

  for (const auth of manifests.filter((m) => m.kind === 'TriggerAuthentication')) {
    const refs = (auth.spec as { secretTargetRef?: { name: string; key: string }[] }).secretTargetRef ?? [];
    for (const ref of refs)
      if (dataOf(find(manifests, 'Secret', ref.name))[ref.key] === undefined)
        problems.push(`TriggerAuthentication ${auth.metadata.name}: ${ref.name}/${ref.key} is not set`);
  }
  return problems;
}

/** Each worker scales on the BullMQ waiting list of every queue of its service. */
function checkWorkerScaling(manifests: Manifest[], proc: StackProcess, prefix: string | undefined, problems: string[]) {
  const scaled = manifests.find(
    (m) =>
      m.kind === 'ScaledObject' && (m.spec as { scaleTargetRef: { name: string } }).scaleTargetRef.name === proc.name,
  );
  if (!scaled) {
    problems.push(`${proc.name}: no KEDA ScaledObject`);
    return;
  }
  const triggers = (scaled.spec as { triggers: Trigger[] }).triggers;
  const lists = triggers.filter((t) => t.type === 'redis').map((t) => t.metadata.listName);
  const queues = Object.values(QUEUES).filter((queue) => queue.startsWith(`${proc.service}-`));
  for (const queue of queues) {
    const waitList = `${queueKeyPrefix(prefix ?? 'nashr')}:${queue}:wait`;
    if (!lists.includes(waitList)) problems.push(`${proc.name}: no redis trigger on ${waitList}`);
  }
  for (const trigger of triggers) {
    const ref = trigger.authenticationRef?.name;
    if (!ref || !find(manifests, 'TriggerAuthentication', ref))
      problems.push(`${proc.name}: a trigger has no TriggerAuthentication for Redis`);
  }
}

const schemas: Record<string, EnvSchema | undefined> = {};
beforeAll(async () => {
  for (const dir of new Set(processes.map((p) => p.service))) {
    const mod = (await import(/* @vite-ignore */ join(ROOT, 'services', String(dir), 'src', 'config.ts'))) as {
      configSchema?: EnvSchema;
      workerConfigSchema?: EnvSchema;
    };
    schemas[`${dir}/server`] = mod.configSchema;
    schemas[`${dir}/worker`] = mod.workerConfigSchema ?? mod.configSchema;
  }
}, 60_000);

describe('deploy/kubernetes', () => {
  const base = () => render(join(DEPLOY, 'base'), { readEnvFile: () => '' });
  const production = () =>
    render(join(DEPLOY, 'overlays', 'production'), {
      readEnvFile: (path) => readFileSync(`${path}.example`, 'utf8'),
    });

  const demo = () =>
    render(join(DEPLOY, 'overlays', 'demo'), {
      readEnvFile: (path) => readFileSync(`${path}.example`, 'utf8'),
    });

  /** The stand-in lines each process would stop on without NASHR_DEMO (the platform's refusal). */
  const standInsOf = (manifests: Manifest[]) =>
    processes.flatMap((proc) => {
      const container = podContainers(find(manifests, 'Deployment', proc.name) as Manifest)[0] as unknown as Container;
      const env = { ...environmentOf(manifests, container, [], proc.name), NASHR_DEMO: '0' };
      const schema = schemas[`${proc.service}/${proc.kind === 'worker' ? 'worker' : 'server'}`] as Parameters<
        typeof configProblems
      >[0];
      return configProblems(schema, env)
        .filter((line) => line.includes('NASHR_DEMO=1 for a demo'))
        .map((line) => `${proc.name}: ${line}`);
    });

  it('renders the base with every kind the product needs, each valid against its schema', () => {
    const manifests = base();
    const kinds = new Set(manifests.map((m) => m.kind));
    for (const kind of ['Deployment', 'Service', 'Ingress', 'ConfigMap', 'Job', 'PodDisruptionBudget'])
      expect(kinds).toContain(kind);
    expect(kinds).toContain('HorizontalPodAutoscaler');
    expect(kinds).toContain('ScaledObject');
    // The base has no secrets: its only problems are the secret values an overlay provides.
    const secretKeys = ['shared-secrets.env', 'secrets.env'].flatMap((file) =>
      Object.keys(parseEnvFile(readFileSync(join(DEPLOY, 'overlays', 'production', `${file}.example`), 'utf8'))),
    );
    const problems = checkManifests(manifests, schemas).filter(
      (p) => !/is not rendered|is not set/.test(p) && !secretKeys.some((key) => p.includes(`: ${key} `)),
    );
    expect(problems).toEqual([]);
  });

  it('renders the production overlay with every process running, probed, scaled and configured', () => {
    const manifests = production();
    expect(checkManifests(manifests, schemas)).toEqual([]);
    expect(manifests.every((m) => m.kind === 'Namespace' || m.metadata.namespace === 'nashr')).toBe(true);
    // One image for every pod, the Jobs' too.
    const images = new Set(manifests.flatMap((m) => podContainers(m).map((c) => c.image)));
    expect([...images]).toEqual(['registry.example.com/nashr/nashr:1.0.0']);
    const postsWorker = find(manifests, 'ScaledObject', 'posts-worker')?.spec as { maxReplicaCount: number };
    expect(postsWorker.maxReplicaCount).toBe(20);
    expect(dataOf(find(manifests, 'ConfigMap', 'nashr-config')).NODE_ENV).toBe('production');
  });

  it('runs production on the real providers only, the settings of each from nashr-secrets', () => {
    const manifests = production();
    const config = dataOf(find(manifests, 'ConfigMap', 'nashr-config'));
    expect(config.NASHR_DEMO).toBe('0');
    // Were the switch off in the demo too, these lines would stop it: production has none.
    expect(standInsOf(manifests)).toEqual([]);
    const listed = Object.keys(
      parseEnvFile(readFileSync(join(DEPLOY, 'overlays', 'production', 'secrets.env.example'), 'utf8')),
    );
    for (const [name, variables] of Object.entries(PROVIDER_SETTINGS)) {
      const container = podContainers(find(manifests, 'Deployment', name) as Manifest)[0] as unknown as Container;
      for (const variable of variables) {
        const entry = container.env?.find((v) => v.name === variable);
        expect(entry?.valueFrom?.secretKeyRef, `${name} ${variable}`).toMatchObject({
          name: 'nashr-secrets',
          key: variable,
        });
        expect(entry?.valueFrom?.secretKeyRef?.optional, `${name} ${variable} is optional`).not.toBe(true);
        expect(listed, variable).toContain(variable);
      }
    }
  });

  it('keeps the stand-ins in the demo overlay, allowed by NASHR_DEMO=1 alone', () => {
    const manifests = demo();
    expect(checkManifests(manifests, schemas)).toEqual([]);
    expect(manifests.every((m) => m.kind === 'Namespace' || m.metadata.namespace === 'nashr-demo')).toBe(true);
    const config = dataOf(find(manifests, 'ConfigMap', 'nashr-config'));
    expect(config).toMatchObject({ NODE_ENV: 'production', NASHR_DEMO: '1', BILLING_PROVIDER: 'test-payments' });
    const refused = standInsOf(manifests).join('\n');
    for (const variable of ['NETWORK_PROVIDER', 'BILLING_PROVIDER', 'ENGAGE_PROVIDER', 'AI_PROVIDER'])
      expect(refused).toContain(`${variable} `);
  });

  it('reports each kind of mistake in a broken copy', () => {
    const manifests = structuredClone(production());
    const deployment = (name: string) => find(manifests, 'Deployment', name) as Manifest;
    const container = (name: string) => podContainers(deployment(name))[0] as unknown as Container;

    container('posts').readinessProbe = undefined;
    container('content').args = ['--target=content-worker'];
    container('auth').resources = { limits: { cpu: 'lots' } };
    container('linkedin').env = container('linkedin').env?.filter((v) => v.name !== 'ENCRYPTION_KEY');
    const scaled = find(manifests, 'ScaledObject', 'posts-worker')?.spec as { triggers: Trigger[] };
    scaled.triggers = scaled.triggers.filter((t) => !t.metadata.listName?.includes('posts-due'));
    const config = find(manifests, 'ConfigMap', 'nashr-config') as Manifest;
    (config.data as Record<string, string>).REDIS_PREFIX = 'other';
    const without = manifests.filter((m) => !(m.kind === 'HorizontalPodAutoscaler' && m.metadata.name === 'content'));

    const problems = checkManifests(without, schemas).join('\n');
    expect(problems).toMatch(/Deployment posts: readiness must GET \/readyz/);
    expect(problems).toMatch(/Deployment auth: needs cpu and memory requests/);
    expect(problems).toMatch(/Deployment auth: .*cpu must match format "quantity"/);
    expect(problems).toMatch(/Deployment linkedin: ENCRYPTION_KEY/);
    expect(problems).toMatch(/posts-worker: no redis trigger on \{other\}:posts-due:wait/);
    expect(problems).toMatch(/auth-worker: no redis trigger on \{other\}:auth-mail:wait/);
    expect(problems).toMatch(/Deployment content: no HorizontalPodAutoscaler on CPU/);
    expect(problems).toMatch(
      /Deployment content: runs ".* --target=content-worker" instead of ".* --target=content-api"/,
    );
  });

  it('keeps uploaded images in an S3 store: its address in a ConfigMap, its keys in the Secret, its bucket made by a Job', () => {
    const manifests = production();
    const container = (kind: string, name: string) =>
      podContainers(find(manifests, kind, name) as Manifest)[0] as unknown as Container;
    const secrets = dataOf(find(manifests, 'Secret', 'nashr-secrets'));
    for (const [kind, name] of [
      ['Deployment', 'posts'],
      ['Deployment', 'posts-worker'],
      ['Deployment', 'linkedin'],
      ['Deployment', 'linkedin-worker'],
      ['Job', 'media-bucket'],
    ] as const) {
      const problems: string[] = [];
      const env = environmentOf(manifests, container(kind, name), problems, name);
      expect(problems, name).toEqual([]);
      expect(env.MEDIA_STORE, name).toBe('s3');
      expect(env.S3_ENDPOINT, name).toBe('https://s3.example.com');
      expect(env.S3_BUCKET, name).toBe('nashr-media');
      expect(env.S3_ACCESS_KEY_ID, name).toBe(secrets.S3_ACCESS_KEY_ID);
      expect(env.S3_SECRET_ACCESS_KEY, name).toBe(secrets.S3_SECRET_ACCESS_KEY);
      const fromSecret = (container(kind, name).env ?? []).filter(
        (v) => v.valueFrom?.secretKeyRef?.name === 'nashr-secrets',
      );
      expect(
        fromSecret.map((v) => v.name),
        name,
      ).toEqual(expect.arrayContaining(['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']));
    }
    // No key in a ConfigMap, and no process that needs none gets them.
    for (const map of manifests.filter((m) => m.kind === 'ConfigMap'))
      expect(
        Object.keys(dataOf(map)).filter((key) => key.startsWith('S3_') && key.endsWith('KEY')),
        map.metadata.name,
      ).toEqual([]);
    expect(environmentOf(manifests, container('Deployment', 'content'), [], 'content').MEDIA_STORE).toBeUndefined();
    expect(container('Job', 'media-bucket').command).toEqual(['node', 'scripts/media-bucket.mjs']);
    expect(readFileSync(join(ROOT, 'Dockerfile'), 'utf8')).toMatch(/^COPY scripts\/media-bucket\.mjs scripts\/$/m);
  });

  it('runs the migration Job from the image: the Dockerfile copies its script', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^COPY scripts\/migrate\.mjs scripts\/$/m);
    expect(dockerfile).toMatch(/^COPY tools\/stack\/processes\.mjs tools\/stack\/$/m);
  });

  it('commits the per-target manifests that scripts/kubernetes.mjs writes from the process list', () => {
    const files = kubernetesFiles();
    expect(Object.keys(files).sort()).toEqual(
      [
        ...processes.filter((p) => p.kind === 'api').map((p) => `${p.service}.yaml`),
        'gateway.yaml',
        'workers.yaml',
      ].sort(),
    );
    for (const [name, text] of Object.entries(files))
      expect(readFileSync(join(DEPLOY, 'base', name), 'utf8'), `${name}: run node scripts/kubernetes.mjs`).toBe(text);
    // Each is in the base.
    const kustomization = readFileSync(join(DEPLOY, 'base', 'kustomization.yaml'), 'utf8');
    for (const name of Object.keys(files)) expect(kustomization).toContain(`  - ${name}\n`);
  });

  it('keeps secrets out of git: the overlay reads env files that are ignored', () => {
    const ignored = readFileSync(join(ROOT, '.gitignore'), 'utf8');
    expect(ignored).toContain('deploy/kubernetes/overlays/*/secrets.env');
    expect(ignored).toContain('deploy/kubernetes/overlays/*/shared-secrets.env');
  });
});

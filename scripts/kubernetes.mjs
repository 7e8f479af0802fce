#!/usr/bin/env node
// @ts-check
// Writes the per-target manifests of deploy/kubernetes/base from the process list of
// tools/stack/processes.mjs: one Deployment per target, all running the one image
// (`node services/nashr/dist/main.js --target=<target>`):
//
//   <service>.yaml   its API: Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler on CPU
//   gateway.yaml     the gateway: the same, and the Ingress
//   workers.yaml     every worker: Deployment, PodDisruptionBudget, KEDA ScaledObject on its queues
//
//   node scripts/kubernetes.mjs            writes them
//   node scripts/kubernetes.mjs --check    exits 1 when a committed file differs (test/kubernetes.test.ts checks too)
//
// What differs between services (their secrets, whether they store images, their queues) is in
// SERVICE_MANIFESTS below; the rest of deploy/kubernetes (config, Jobs, overlays) is written by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  exampleContext,
  GATEWAY,
  ONE_PROCESS_ENTRY,
  ROOT,
  stackProcesses,
  targetOf,
} from '../tools/stack/processes.mjs';

export const BASE = join(ROOT, 'deploy', 'kubernetes', 'base');

/** The image every Deployment runs (the overlays name the registry's). */
export const IMAGE = 'nashr';

/**
 * @typedef {object} SecretVar  a variable read from the nashr-secrets Secret
 * @property {string} name
 * @property {boolean} [optional]
 *
 * @typedef {object} QueueTrigger  a queue KEDA scales the worker on, by its waiting jobs
 * @property {string} queue
 * @property {number} [length]     waiting jobs per replica (default 20)
 * @property {string} [comment]
 *
 * @typedef {object} ServiceManifest
 * @property {string} [about]       what the API does, in its file's first line
 * @property {string} [workerAbout] what the worker does
 * @property {boolean} [media]      stores images: the nashr-media ConfigMap and the S3 keys
 * @property {SecretVar[]} [api]    the API's own secrets
 * @property {SecretVar[]} [worker] the worker's own secrets
 * @property {QueueTrigger[]} queues
 */

const ENCRYPTION = [{ name: 'ENCRYPTION_KEY' }, { name: 'UNIPILE_API_KEY', optional: true }];

/** Push notifications' key pair and contact: unset in a demo, which signs with a pair kept in Redis. */
const VAPID = [
  { name: 'VAPID_PUBLIC_KEY', optional: true },
  { name: 'VAPID_PRIVATE_KEY', optional: true },
  { name: 'VAPID_SUBJECT', optional: true },
];

/** @type {Record<string, ServiceManifest>} */
export const SERVICE_MANIFESTS = {
  auth: {
    api: [
      { name: 'COOKIE_SECRET' },
      // Seals the webhooks' signing secrets; the worker opens them to sign.
      { name: 'ENCRYPTION_KEY' },
      { name: 'SMTP_URL' },
      { name: 'OIDC_CLIENT_ID', optional: true },
      { name: 'OIDC_CLIENT_SECRET', optional: true },
      ...VAPID,
    ],
    worker: [{ name: 'ENCRYPTION_KEY' }, { name: 'SMTP_URL' }, ...VAPID],
    queues: [
      { queue: 'auth-mail' },
      { queue: 'auth-inbox' },
      { queue: 'auth-push', length: 50 },
      { queue: 'auth-webhooks', length: 50 },
    ],
  },
  linkedin: {
    media: true,
    api: ENCRYPTION,
    worker: ENCRYPTION,
    queues: [{ queue: 'linkedin-publish' }, { queue: 'linkedin-inbox' }, { queue: 'linkedin-analytics', length: 200 }],
  },
  posts: { media: true, queues: [{ queue: 'posts-due' }, { queue: 'posts-inbox' }] },
  content: { queues: [{ queue: 'content-inbox' }] },
  ai: {
    api: [{ name: 'OPENAI_API_KEY', optional: true }],
    worker: [{ name: 'OPENAI_API_KEY', optional: true }],
    queues: [
      { queue: 'ai-inbox' },
      {
        queue: 'ai-comments',
        length: 50,
        comment: "Engage's comment suggestions: a feed refresh asks for many at once.",
      },
    ],
  },
  billing: {
    about: '(plans, entitlements, payment webhooks)',
    queues: [{ queue: 'billing-inbox' }],
  },
  engage: {
    about: '(people and topics, the feed, comments)',
    workerAbout: '(feed refreshes, suggestions, plans)',
    api: ENCRYPTION,
    worker: ENCRYPTION,
    queues: [
      { queue: 'engage-inbox' },
      { queue: 'engage-feed', length: 50 },
      { queue: 'engage-autopilot', length: 50 },
    ],
  },
};

const S3_KEYS = [{ name: 'S3_ACCESS_KEY_ID' }, { name: 'S3_SECRET_ACCESS_KEY' }];

/** @param {SecretVar[]} vars */
const secretLines = (vars) =>
  vars.flatMap((v) => [
    `            - name: ${v.name}`,
    '              valueFrom:',
    `                secretKeyRef: { name: nashr-secrets, key: ${v.name}${v.optional ? ', optional: true' : ''} }`,
  ]);

/** @param {boolean} media */
const envFromLines = (media) => [
  '          envFrom:',
  '            - configMapRef: { name: nashr-config }',
  ...(media ? ['            - configMapRef: { name: nashr-media }'] : []),
  '            - secretRef: { name: nashr-shared-secrets }',
];

/** @param {string} target */
const runLines = (target) => [
  `          image: ${IMAGE}`,
  `          command: ["node", "${ONE_PROCESS_ENTRY}"]`,
  `          args: ["--target=${target}"]`,
];

const RESOURCES = [
  '          resources:',
  '            requests: { cpu: 100m, memory: 192Mi }',
  '            limits: { cpu: "1", memory: 512Mi }',
  '          securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: [ALL] } }',
];

/** @param {string} name @param {string} component @param {string} indent */
const labels = (name, component, indent) => [
  `${indent}labels:`,
  `${indent}  app.kubernetes.io/name: ${name}`,
  `${indent}  app.kubernetes.io/component: ${component}`,
];

/**
 * An API's (or the gateway's) manifests.
 * @param {{ name: string, component: string, target: string, port: number, first: string,
 *   media: boolean, env: string[], extra?: string[] }} api
 */
function apiManifests(api) {
  const { name, component, port } = api;
  return [
    api.first,
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    ...labels(name, component, '  '),
    'spec:',
    '  # No replicas: the HorizontalPodAutoscaler owns the count (an apply would reset it).',
    '  revisionHistoryLimit: 5',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
    '  strategy:',
    '    type: RollingUpdate',
    '    rollingUpdate: { maxUnavailable: 0, maxSurge: 1 }',
    '  template:',
    '    metadata:',
    ...labels(name, component, '      '),
    '    spec:',
    '      automountServiceAccountToken: false',
    '      securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 }',
    "      # Above the process's own 25 s graceful shutdown, so in-flight requests finish.",
    '      terminationGracePeriodSeconds: 30',
    '      containers:',
    `        - name: ${name}`,
    ...runLines(api.target),
    ...envFromLines(api.media),
    '          env:',
    `            - { name: PORT, value: "${port}" }`,
    ...api.env,
    '          ports:',
    `            - { name: http, containerPort: ${port} }`,
    '          readinessProbe:',
    '            httpGet: { path: /readyz, port: http }',
    '            periodSeconds: 5',
    '            timeoutSeconds: 3',
    '            failureThreshold: 3',
    '          livenessProbe:',
    '            httpGet: { path: /healthz, port: http }',
    '            periodSeconds: 10',
    '            timeoutSeconds: 3',
    '            failureThreshold: 6',
    '          startupProbe:',
    '            httpGet: { path: /healthz, port: http }',
    '            periodSeconds: 2',
    '            failureThreshold: 60',
    ...RESOURCES,
    '---',
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    `  name: ${name}`,
    ...labels(name, component, '  '),
    'spec:',
    '  selector:',
    `    app.kubernetes.io/name: ${name}`,
    '  ports:',
    `    - { name: http, port: ${port}, targetPort: http }`,
    '---',
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  minAvailable: 1',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
    '---',
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    `  scaleTargetRef: { apiVersion: apps/v1, kind: Deployment, name: ${name} }`,
    '  minReplicas: 2',
    '  maxReplicas: 10',
    '  metrics:',
    '    - type: Resource',
    '      resource:',
    '        name: cpu',
    '        target: { type: Utilization, averageUtilization: 70 }',
    ...(api.extra ?? []),
  ];
}

/**
 * A worker's manifests.
 * @param {string} service @param {string} target @param {ServiceManifest} spec
 */
function workerManifests(service, target, spec) {
  const name = `${service}-worker`;
  const about = spec.workerAbout ? ` ${spec.workerAbout}` : '';
  return [
    `# The ${service} worker${about}: no ports; KEDA scales it on its queues' waiting jobs.`,
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${name}`,
    ...labels(name, 'worker', '  '),
    'spec:',
    '  # No replicas: KEDA owns the count (an apply would reset it).',
    '  revisionHistoryLimit: 5',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
    '  template:',
    '    metadata:',
    ...labels(name, 'worker', '      '),
    '    spec:',
    '      automountServiceAccountToken: false',
    '      securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000 }',
    '      terminationGracePeriodSeconds: 30',
    '      containers:',
    '        - name: worker',
    ...runLines(target),
    ...envFromLines(Boolean(spec.media)),
    '          env:',
    '            - { name: METRICS_PORT, value: "9464" }',
    ...secretLines([...(spec.worker ?? []), ...(spec.media ? S3_KEYS : [])]),
    '          ports:',
    '            - { name: metrics, containerPort: 9464 }',
    '          # A worker has no API: its metrics listener answers as long as its event loop turns.',
    '          livenessProbe:',
    '            httpGet: { path: /metrics, port: metrics }',
    '            initialDelaySeconds: 20',
    '            periodSeconds: 15',
    '            timeoutSeconds: 5',
    '            failureThreshold: 4',
    ...RESOURCES,
    '---',
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  maxUnavailable: 1',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${name}`,
    '---',
    'apiVersion: keda.sh/v1alpha1',
    'kind: ScaledObject',
    'metadata:',
    `  name: ${name}`,
    'spec:',
    '  scaleTargetRef:',
    `    name: ${name}`,
    '  # Never 0: BullMQ workers are what moves delayed jobs (scheduled posts, retries) to waiting.',
    '  minReplicaCount: 1',
    '  maxReplicaCount: 10',
    '  pollingInterval: 10',
    '  cooldownPeriod: 120',
    '  triggers:',
    ...spec.queues.flatMap((trigger, index) => [
      '    - type: redis',
      `      name: ${trigger.queue}`,
      '      metadata:',
      ...(index === 0
        ? [
            "        # BullMQ's list of waiting jobs: <queue prefix>:<queue>:wait, the prefix being",
            '        # REDIS_PREFIX in a hash tag (packages/platform/src/queues.ts): keep it equal to',
            "        # nashr-config's REDIS_PREFIX (test/kubernetes.test.ts checks that it is).",
          ]
        : []),
      ...(trigger.comment ? [`        # ${trigger.comment}`] : []),
      `        listName: "{nashr}:${trigger.queue}:wait"`,
      `        listLength: "${trigger.length ?? 20}"`,
      '      authenticationRef: { name: nashr-redis }',
    ]),
  ];
}

const GENERATED = '# Written by scripts/kubernetes.mjs from tools/stack/processes.mjs: edit the script, not this file.';

/** Every generated file, by its name in deploy/kubernetes/base, with its text. */
export function kubernetesFiles() {
  const processes = stackProcesses(exampleContext()).filter((p) => p.kind !== 'helper');
  /** @type {Record<string, string>} */
  const files = {};
  /** @type {string[][]} */
  const workers = [];
  for (const proc of processes) {
    if (proc.kind === 'gateway') continue;
    const service = String(proc.service);
    const spec = SERVICE_MANIFESTS[service];
    if (!spec) throw new Error(`scripts/kubernetes.mjs: no SERVICE_MANIFESTS entry for ${service}`);
    if (proc.kind === 'worker') {
      workers.push(workerManifests(service, targetOf(proc), spec));
      continue;
    }
    const about = spec.about ? ` ${spec.about}` : '';
    files[`${service}.yaml`] = [
      GENERATED,
      ...apiManifests({
        name: service,
        component: 'api',
        target: targetOf(proc),
        port: proc.port,
        first: `# The ${service} API${about}: stateless, scaled on CPU; reached only by the gateway.`,
        media: Boolean(spec.media),
        env: secretLines([...(spec.api ?? []), ...(spec.media ? S3_KEYS : [])]),
      }),
    ].join('\n');
  }
  files['workers.yaml'] = [GENERATED, ...workers.flatMap((lines, i) => (i === 0 ? lines : ['---', ...lines]))].join(
    '\n',
  );
  const apis = processes.filter((p) => p.kind === 'api');
  files['gateway.yaml'] = [
    GENERATED,
    ...apiManifests({
      name: GATEWAY.name,
      component: 'gateway',
      target: GATEWAY.name,
      port: GATEWAY.port,
      first: '# The gateway: the one public entry, serving the web app; stateless, scaled on CPU.',
      media: false,
      env: [
        '            - { name: WEB_DIST, value: "/app/web/dist" }',
        '            - { name: TRUST_PROXY, value: "true" }',
        ...apis.map(
          (p) => `            - { name: ${String(p.service).toUpperCase()}_URL, value: "http://${p.name}:${p.port}" }`,
        ),
        ...secretLines([{ name: 'COOKIE_SECRET' }]),
      ],
      extra: [
        '---',
        '# The one public entry: TLS ends here (set the host and certificate in the overlay).',
        'apiVersion: networking.k8s.io/v1',
        'kind: Ingress',
        'metadata:',
        '  name: gateway',
        ...labels('gateway', 'gateway', '  '),
        'spec:',
        '  rules:',
        '    - host: nashr.example.com',
        '      http:',
        '        paths:',
        '          - path: /',
        '            pathType: Prefix',
        '            backend:',
        '              service:',
        '                name: gateway',
        '                port: { name: http }',
      ],
    }),
  ].join('\n');
  for (const name of Object.keys(files)) files[name] += '\n';
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const [name, text] of Object.entries(kubernetesFiles())) {
    const path = join(BASE, name);
    let current = '';
    try {
      current = readFileSync(path, 'utf8');
    } catch {}
    if (current === text) continue;
    if (check) {
      process.stderr.write(`deploy/kubernetes/base/${name} is not what scripts/kubernetes.mjs writes\n`);
      stale++;
    } else {
      writeFileSync(path, text);
      process.stdout.write(`wrote deploy/kubernetes/base/${name}\n`);
    }
  }
  if (stale > 0) process.exit(1);
}

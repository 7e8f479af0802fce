/**
 * A Web Push service stand-in for tests: it speaks the protocol a browser's push service speaks to
 * an application server (RFC 8030 delivery, RFC 8291 aes128gcm bodies, RFC 8292 VAPID), keeps the
 * messages it accepted, and can answer as a push service does when a device is gone (410) or when
 * it is slow. A test plays the browser: it makes the subscription's keys (pushSubscriptionKeys),
 * registers an endpoint of this server, and decrypts what arrives (decryptPushMessage).
 *
 * A request is refused as a real push service refuses it: 401 for a missing or badly signed VAPID
 * token (its `aud` must be this server's origin, its `exp` within 24 hours), 400 for another
 * content coding or a missing TTL, 413 above 4096 bytes.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushedMessage {
  id: string;
  /** The endpoint the message was sent to. */
  endpoint: string;
  receivedAt: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID key (`k`) the token was checked against, and the token's claims. */
  vapid: { publicKey: string; aud: string; exp: number; sub: string };
  /** The encrypted body, as sent. */
  body: Buffer;
}

export interface RefusedPush {
  endpoint: string;
  status: number;
  reason: string;
}

export interface PushService {
  /** http://127.0.0.1:port */
  url: string;
  /** A new endpoint of this server (a device), or the one named. */
  endpoint: (name?: string) => string;
  /** Accepted messages, oldest first; of one endpoint when given. */
  messages: (endpoint?: string) => PushedMessage[];
  /** Requests refused for breaking the protocol, oldest first. */
  refused: () => RefusedPush[];
  /** From now on answer this endpoint with `status` and keep nothing (410: the device unsubscribed); null: accept again. */
  answerWith: (endpoint: string, status: number | null) => void;
  /** Answer this endpoint only after `ms` (a slow push service); 0: at once. */
  delay: (endpoint: string, ms: number) => void;
  /** How many requests reached an endpoint, whatever the answer. */
  attempts: (endpoint: string) => number;
  clear: () => void;
  close: () => Promise<void>;
}

const MAX_BODY = 4096;
const DAY_S = 86_400;

const fromB64url = (value: string) => Buffer.from(value, 'base64url');

/** Checks a VAPID `Authorization: vapid t=…, k=…` header; the claims, or why it is refused. */
function checkVapid(
  header: string | undefined,
  origin: string,
): { ok: true; vapid: PushedMessage['vapid'] } | { ok: false; reason: string } {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match?.[1]) return { ok: false, reason: 'no vapid authorization' };
  const params = Object.fromEntries(
    match[1].split(',').map((part) => {
      const [name, ...value] = part.trim().split('=');
      return [name?.trim(), value.join('=').trim()];
    }),
  );
  const token = params.t;
  const key = params.k;
  if (!token || !key) return { ok: false, reason: 'vapid t or k missing' };
  const raw = fromB64url(key);
  if (raw.length !== 65 || raw[0] !== 4) return { ok: false, reason: 'k is not an uncompressed P-256 key' };
  const [head, claims, signature, ...rest] = token.split('.');
  if (!head || !claims || !signature || rest.length > 0) return { ok: false, reason: 't is not a JWT' };
  let header_: { alg?: string; typ?: string };
  let body: { aud?: string; exp?: number; sub?: string };
  try {
    header_ = JSON.parse(fromB64url(head).toString('utf8'));
    body = JSON.parse(fromB64url(claims).toString('utf8'));
  } catch {
    return { ok: false, reason: 'JWT parts are not JSON' };
  }
  if (header_.alg !== 'ES256') return { ok: false, reason: `JWT alg ${header_.alg}` };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    fromB64url(signature),
  );
  if (!signed) return { ok: false, reason: 'JWT signature does not match k' };
  if (body.aud !== origin) return { ok: false, reason: `aud ${body.aud} is not ${origin}` };
  const now = Math.floor(Date.now() / 1000);
  if (typeof body.exp !== 'number' || body.exp < now || body.exp > now + DAY_S + 60) {
    return { ok: false, reason: 'exp is not within the next 24 hours' };
  }
  if (typeof body.sub !== 'string' || !/^(mailto:|https:)/.test(body.sub)) {
    return { ok: false, reason: 'sub is not a mailto: or https: contact' };
  }
  return { ok: true, vapid: { publicKey: key, aud: body.aud, exp: body.exp, sub: body.sub } };
}

async function readBody(request: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startPushService(options: { host?: string; port?: number } = {}): Promise<PushService> {
  const host = options.host ?? '127.0.0.1';
  const accepted: PushedMessage[] = [];
  const refusals: RefusedPush[] = [];
  const answers = new Map<string, number>();
  const delays = new Map<string, number>();
  const counts = new Map<string, number>();
  let origin = '';

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const endpoint = `${origin}${path}`;
    if (request.method !== 'POST' || !/^\/push\/[\w-]+$/.test(path)) {
      response.writeHead(404).end();
      return;
    }
    counts.set(endpoint, (counts.get(endpoint) ?? 0) + 1);
    const wait = delays.get(endpoint) ?? 0;
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const refuse = (status: number, reason: string) => {
      refusals.push({ endpoint, status, reason });
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const body = await readBody(request);
    if (body === null) return refuse(413, 'payload too large');
    const answer = answers.get(endpoint);
    if (answer !== undefined) {
      response.writeHead(answer).end();
      return;
    }
    const vapid = checkVapid(request.headers.authorization, origin);
    if (!vapid.ok) return refuse(401, vapid.reason);
    const ttl = Number(request.headers.ttl);
    if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL missing');
    if (body.length > 0 && request.headers['content-encoding'] !== 'aes128gcm') {
      return refuse(400, `content-encoding ${request.headers['content-encoding']} is not aes128gcm`);
    }
    const id = randomUUID();
    accepted.push({
      id,
      endpoint,
      receivedAt: new Date().toISOString(),
      ttl,
      urgency: (request.headers.urgency as string | undefined) ?? null,
      topic: (request.headers.topic as string | undefined) ?? null,
      vapid: vapid.vapid,
      body,
    });
    response.writeHead(201, { location: `${origin}/message/${id}` }).end();
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((err) => {
      if (!response.headersSent) response.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://${host}:${port}`;

  return {
    url: origin,
    endpoint: (name) => `${origin}/push/${name ?? randomUUID()}`,
    messages: (endpoint) => accepted.filter((m) => endpoint === undefined || m.endpoint === endpoint),
    refused: () => [...refusals],
    answerWith: (endpoint, status) => {
      if (status === null) answers.delete(endpoint);
      else answers.set(endpoint, status);
    },
    delay: (endpoint, ms) => {
      if (ms > 0) delays.set(endpoint, ms);
      else delays.delete(endpoint);
    },
    attempts: (endpoint) => counts.get(endpoint) ?? 0,
    clear: () => {
      accepted.length = 0;
      refusals.length = 0;
      answers.clear();
      delays.clear();
      counts.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a browser makes when it subscribes: a P-256 key pair and a 16-byte auth secret. */
export interface PushSubscriptionKeys {
  ecdh: ECDH;
  /** The public key, as `PushSubscription.toJSON().keys.p256dh`. */
  p256dh: string;
  /** As `PushSubscription.toJSON().keys.auth`. */
  auth: string;
}

export function pushSubscriptionKeys(): PushSubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

/**
 * Decrypts an aes128gcm push message as the browser does (RFC 8291 section 3, RFC 8188), with
 * the subscription's private key and auth secret. Throws when it does not decrypt.
 */
export function decryptPushMessage(body: Buffer, keys: PushSubscriptionKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const records = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('the key id is not the sender key (65 bytes)');
  if (records.length > recordSize) throw new Error('more than one record');
  const shared = keys.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, fromB64url(keys.auth), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('the last record has no 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

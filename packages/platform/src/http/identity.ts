import { timingSafeEqual } from 'node:crypto';
import { IDENTITY_HEADERS, type Identity, identitySchema, type Role } from '@nashr/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthenticated } from '../errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller as forwarded by the gateway, or null for anonymous requests. */
    identity: Identity | null;
  }
}

export function secretsMatch(given: string | undefined, expected: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Reads the identity headers; anything malformed counts as anonymous. */
export function readIdentity(request: FastifyRequest): Identity | null {
  const userId = header(request, IDENTITY_HEADERS.userId);
  if (!userId) return null;
  const parsed = identitySchema.safeParse({
    userId,
    email: header(request, IDENTITY_HEADERS.userEmail),
    roles: (header(request, IDENTITY_HEADERS.userRoles) ?? '').split(',').filter(Boolean),
  });
  return parsed.success ? parsed.data : null;
}

/** Identity headers in the form the gateway sends them (tests use it to act as the gateway). */
export function identityHeaders(identity: Identity, internalSecret: string): Record<string, string> {
  return {
    [IDENTITY_HEADERS.internalSecret]: internalSecret,
    [IDENTITY_HEADERS.userId]: identity.userId,
    [IDENTITY_HEADERS.userEmail]: identity.email,
    [IDENTITY_HEADERS.userRoles]: identity.roles.join(','),
  };
}

/** preHandler: 401 unless someone is signed in. */
export async function requireIdentity(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!request.identity) throw unauthenticated();
}

/** preHandler factory: 401 unless signed in, 403 unless the caller holds `role`. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!request.identity) throw unauthenticated();
    if (!request.identity.roles.includes(role)) throw forbidden();
  };
}

/** The signed-in identity inside a handler guarded by requireIdentity. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthenticated();
  return request.identity;
}

import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, PLATFORM_ERROR_CODES, PLATFORM_ERRORS } from '@music-rooms/domain';
import type { RoomViewer } from '../services/rooms/access';
import type { Caller } from './define';

/** Recognises a caller from the request, or answers null to let the next resolver try. */
export type CallerResolver = (request: FastifyRequest) => Caller | null | Promise<Caller | null>;

export const GUEST: Caller = Object.freeze({ userId: null, sessionId: null, viaAdminKey: false });

/** The caller of a function as the services see them: who it is, signed in or a guest. */
export const viewerOf = (ctx: { caller: Caller }): RoomViewer => ({ userId: ctx.caller.userId });

/**
 * Who is calling an HTTP endpoint. Resolvers are tried in the order they were added: this
 * plugin reads the Authorization header (admin key or realtime token); the accounts plugin
 * adds the session cookie. Nobody recognised means a guest.
 */
export const callerPlugin = fp(
  async (app) => {
    const resolvers: CallerResolver[] = [(request) => fromAuthorizationHeader(app, request)];
    app.decorate('addCallerResolver', (resolver: CallerResolver) => void resolvers.push(resolver));
    app.decorate('resolveCaller', async (request: FastifyRequest) => {
      for (const resolve of resolvers) {
        const caller = await resolve(request);
        if (caller) return caller;
      }
      return GUEST;
    });
  },
  { name: 'callers', dependencies: ['realtime-tokens'] },
);

async function fromAuthorizationHeader(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Caller | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme = '', credential = ''] = header.trim().split(/\s+/, 2);
  if (scheme.toLowerCase() === 'admin') {
    if (!matchesAdminKey(app.config.adminKey, credential)) {
      throw new DomainError(PLATFORM_ERROR_CODES.invalidAdminKey, PLATFORM_ERRORS.invalidAdminKey);
    }
    return { userId: null, sessionId: null, viaAdminKey: true };
  }
  if (scheme.toLowerCase() === 'bearer') {
    // Refused (401) once expired, or once the sign-in it was issued for ended.
    const check = await app.realtimeTokens.verify(credential);
    if (!check.ok) throw new DomainError(check.code, PLATFORM_ERRORS.invalidToken);
    return { userId: check.claims.userId, sessionId: check.claims.sessionId, viaAdminKey: false };
  }
  return null;
}

function matchesAdminKey(adminKey: string | null, given: string): boolean {
  if (adminKey === null) return false;
  const expected = Buffer.from(adminKey);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

declare module 'fastify' {
  interface FastifyInstance {
    resolveCaller: (request: FastifyRequest) => Promise<Caller>;
    addCallerResolver: (resolver: CallerResolver) => void;
  }
}

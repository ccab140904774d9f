import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionType } from '@music-rooms/domain/auth';
import {
  createSession,
  findSession,
  isSuperAdmin,
  revokeSession,
  SESSION_TTL_MS,
  type SessionRow,
  type UserRow,
} from '../services/sessions';

export const SESSION_COOKIE = 'music_rooms_session';

export type CurrentSession = { session: SessionRow; user: UserRow };

/**
 * Sessions in an httpOnly, SameSite=Lax cookie (Secure behind https). The cookie makes the
 * caller of every function and route, and decides who is a super administrator.
 */
export const sessionPlugin = fp(
  async (app) => {
    const sessionCache = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();

    const currentSession = (request: FastifyRequest) => {
      let cached = sessionCache.get(request);
      if (!cached) {
        const token = request.cookies[SESSION_COOKIE];
        cached = token ? findSession(app.database.db, token) : Promise.resolve(null);
        sessionCache.set(request, cached);
      }
      return cached;
    };

    const secureCookie = (request: FastifyRequest) =>
      request.protocol === 'https' || app.config.publicUrl.startsWith('https://');

    app.decorate('currentSession', currentSession);
    app.decorate(
      'signIn',
      async (request: FastifyRequest, reply: FastifyReply, user: UserRow, type: SessionType) => {
        const { token } = await createSession(app.database.db, {
          userId: user.id,
          type,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        });
        sessionCache.delete(request);
        reply.setCookie(SESSION_COOKIE, token, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: secureCookie(request),
          maxAge: SESSION_TTL_MS / 1000,
        });
      },
    );
    app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await revokeSession(app.database.db, token);
      sessionCache.delete(request);
      reply.clearCookie(SESSION_COOKIE, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookie(request),
      });
    });

    app.addCallerResolver(async (request) => {
      const current = await currentSession(request);
      return current
        ? { userId: current.user.id, sessionId: current.session.id, viaAdminKey: false }
        : null;
    });
    app.decorate('isSuperAdmin', async (request: FastifyRequest) => {
      const current = await currentSession(request);
      return current !== null && isSuperAdmin(current.user, app.config.superAdminEmails);
    });
  },
  { name: 'session', dependencies: ['database', 'callers'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    currentSession: (request: FastifyRequest) => Promise<CurrentSession | null>;
    /** Starts a session for the user and sets its cookie on the reply. */
    signIn: (
      request: FastifyRequest,
      reply: FastifyReply,
      user: UserRow,
      type: SessionType,
    ) => Promise<void>;
    /** Ends the request's session and clears its cookie. */
    signOut: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

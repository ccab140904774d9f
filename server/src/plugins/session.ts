import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionType } from '@music-rooms/domain/auth';
import { SessionCallers } from '../services/accounts/session-callers';
import { createSession, findSession, revokeSession } from '../services/accounts/sessions';
import type { SessionRow } from '../services/accounts/sessions-store';
import { isSuperAdmin, type UserRow } from '../services/accounts/users-store';

export const SESSION_COOKIE = 'music_rooms_session';

export type CurrentSession = { session: SessionRow; user: UserRow };

/**
 * How long who a cookie belongs to is believed before the database is asked again, when a
 * function is called with it (an ended session is forgotten at once: session-callers.ts).
 */
const CALLER_TRUST_MS = 10_000;
const CALLERS_KEPT = 10_000;

/**
 * Sessions in an httpOnly, SameSite=Lax cookie (Secure behind https). The cookie makes the
 * caller of every function and route, and decides who is a super administrator. The expiry
 * slides: when a request renews the session (at most once a day), its answer carries the
 * cookie again with the new expiry, so an active user's browser never drops it.
 */
export const sessionPlugin = fp(
  async (app) => {
    const sessionCache = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();
    /** Requests whose session was renewed: their answer sends the cookie again. */
    const renewed = new WeakMap<FastifyRequest, { token: string; session: SessionRow }>();

    const currentSession = (request: FastifyRequest) => {
      let cached = sessionCache.get(request);
      if (!cached) {
        const token = request.cookies[SESSION_COOKIE];
        cached = token ? lookUp(request, token) : Promise.resolve(null);
        sessionCache.set(request, cached);
      }
      return cached;
    };

    const lookUp = async (request: FastifyRequest, token: string) => {
      const found = await findSession(app.database.db, token);
      if (found?.renewed) renewed.set(request, { token, session: found.session });
      return found && { session: found.session, user: found.user };
    };

    const cookieOptions = (request: FastifyRequest) => ({
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: request.protocol === 'https' || app.config.publicUrl.startsWith('https://'),
    });

    const setSessionCookie = (
      request: FastifyRequest,
      reply: FastifyReply,
      token: string,
      expiresAt: Date,
    ) => {
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions(request),
        expires: expiresAt,
        maxAge: Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000)),
      });
    };

    /** Who each cookie belongs to, for a function call's caller, without a lookup each time. */
    const callers = new SessionCallers({ trustMs: CALLER_TRUST_MS, maxEntries: CALLERS_KEPT });
    const stopForgetting = app.sessionRevocations.onEnded((ids) => callers.forgetSessions(ids));
    app.addHook('onClose', async () => {
      stopForgetting();
      callers.clear();
    });

    /** This request's session is no longer the cookie's: drop what was learnt about it. */
    const forget = (request: FastifyRequest) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) callers.forget(token);
      sessionCache.delete(request);
      renewed.delete(request);
    };

    app.addHook('onSend', async (request, reply) => {
      const renewal = renewed.get(request);
      if (!renewal) return;
      renewed.delete(request);
      setSessionCookie(request, reply, renewal.token, renewal.session.expiresAt);
    });

    app.decorate('currentSession', currentSession);
    app.decorate(
      'signIn',
      async (request: FastifyRequest, reply: FastifyReply, user: UserRow, type: SessionType) => {
        const { token, session } = await createSession(app.database.db, {
          userId: user.id,
          type,
          userAgent: request.headers['user-agent'] ?? null,
          ip: request.ip,
        });
        forget(request);
        setSessionCookie(request, reply, token, session.expiresAt);
      },
    );
    app.decorate('signOut', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await app.sessionRevocations.announce(await revokeSession(app.database.db, token));
      forget(request);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    });

    app.addCallerResolver(async (request) => {
      const token = request.cookies[SESSION_COOKIE];
      if (!token) return null;
      const known = callers.get(token);
      if (known && !app.sessionRevocations.hasEnded(known.sessionId))
        return { ...known, viaAdminKey: false };
      const current = await currentSession(request);
      if (!current) return null;
      const caller = { userId: current.user.id, sessionId: current.session.id };
      if (!app.sessionRevocations.hasEnded(caller.sessionId))
        callers.remember(token, caller, current.session.expiresAt.getTime());
      return { ...caller, viaAdminKey: false };
    });
    app.decorate('isSuperAdmin', async (request: FastifyRequest) => {
      const current = await currentSession(request);
      return current !== null && isSuperAdmin(current.user, app.config.superAdminEmails);
    });
  },
  { name: 'session', dependencies: ['database', 'callers', 'session-revocations'] },
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

import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ROUTES } from '@music-rooms/domain';
import { changePassword } from '../services/accounts/accounts';
import { authRateLimit } from '../services/accounts/rate-limits';
import { bodyOf, serveAccountRoute } from './account-route';
import { bodyField, requireSession, sessionUserOf } from './auth-common';

/** Changing one's password, or setting a first one on an account made through a provider. */
export async function authPasswordRoutes(app: FastifyInstance) {
  // Changes the caller's own password; the caller's other sessions are signed out.
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.changePassword,
    {
      // Counted against the signed-in user, so naming someone else's id cannot lock them out.
      preHandler: authRateLimit(
        app,
        'changePassword',
        async (request) =>
          (await app.currentSession(request))?.user.id ?? bodyField(request, 'userId'),
      ),
    },
    async (request) => {
      const current = await requireSession(app, request);
      const input = bodyOf(ACCOUNT_ROUTES.changePassword, request);
      const user = await changePassword(
        app.database.db,
        { ...input, user: current.user, sessionId: current.session.id },
        app.sessionRevocations.announce,
      );
      return { success: true, user: sessionUserOf(app, user, current.session.type) };
    },
  );
}

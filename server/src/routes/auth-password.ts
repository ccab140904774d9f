import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUTH_ROUTES, text, userIdSchema, type ChangePasswordResponse } from '@music-rooms/domain';
import { parseForm } from '../services/accounts/errors';
import { changePassword } from '../services/accounts/accounts';
import { authRateLimit } from '../services/accounts/rate-limits';
import { bodyField, newPasswordRule, requireSession, sessionUserOf } from './auth-common';
import { bodySchemaOf } from './zod-schema';

const changePasswordSchema = z.object({
  userId: userIdSchema,
  newPassword: newPasswordRule,
  currentPassword: text().optional(),
});

/** Changing one's password, or setting a first one on an account made through a provider. */
export async function authPasswordRoutes(app: FastifyInstance) {
  // Changes the caller's own password; the caller's other sessions are signed out.
  app.post(
    AUTH_ROUTES.changePassword,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(changePasswordSchema) },
      // Counted against the signed-in user, so naming someone else's id cannot lock them out.
      preHandler: authRateLimit(
        app,
        'changePassword',
        async (request) =>
          (await app.currentSession(request))?.user.id ?? bodyField(request, 'userId'),
      ),
    },
    async (request): Promise<ChangePasswordResponse> => {
      const current = await requireSession(app, request);
      const input = parseForm(changePasswordSchema, request.body);
      const user = await changePassword(
        app.database.db,
        { ...input, user: current.user, sessionId: current.session.id },
        app.sessionRevocations.announce,
      );
      return { success: true, user: sessionUserOf(app, user, current.session.type) };
    },
  );
}

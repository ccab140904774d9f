import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCOUNT_ROUTES, LOCALE_COOKIE } from '@music-rooms/domain';
import {
  resendEmailVerification,
  verifyEmailWithToken,
  type VerificationMail,
} from '../services/accounts/email-verification';
import { MailDeliveryError, type Mailer } from '../services/accounts/mail';
import { mailLanguage } from '../services/accounts/mail-templates';
import { authRateLimit, userAccountKey } from '../services/accounts/rate-limits';
import { serveAccountRoute } from './account-route';
import { bodyField, requireSession } from './auth-common';
import { mailFailed, tokenOf } from './auth-reset';

/** What a verification mail needs from the request and the settings. */
export function verificationMailFor(
  app: FastifyInstance,
  request: FastifyRequest,
  mailer: Mailer,
): VerificationMail {
  const language = mailLanguage(
    bodyField(request, 'locale') ?? undefined,
    request.cookies[LOCALE_COOKIE],
    request.headers['accept-language'],
  );
  const { publicUrl, superAdminEmails } = app.config;
  return { mailer, language, publicUrl, superAdminEmails };
}

/**
 * Verifying a super administrator's address (SUPER_ADMIN_EMAILS): sending the link again from
 * the Account dialog, and opening it.
 */
export function emailVerificationRoutes(app: FastifyInstance, mailer: Mailer) {
  // Mails a new verification link to the signed-in user's listed, unverified address.
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.sendEmailVerification,
    {
      // Counted against the signed-in user: only the owner can ask for their account.
      preHandler: authRateLimit(app, 'emailVerificationMail', async (request) => {
        const current = await app.currentSession(request);
        return current ? userAccountKey(current.user.id) : null;
      }),
    },
    async (request, reply) => {
      const { user } = await requireSession(app, request);
      try {
        return await resendEmailVerification(
          app.database.db,
          user,
          verificationMailFor(app, request, mailer),
        );
      } catch (error) {
        if (!(error instanceof MailDeliveryError)) throw error;
        return mailFailed(reply);
      }
    },
  );

  // Opens a verification link: the address it went to becomes verified, or says why not.
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.verifyEmail,
    { preHandler: authRateLimit(app, 'verifyEmail', (request) => bodyField(request, 'token')) },
    async (request) => ({
      state: await verifyEmailWithToken(app.database.db, tokenOf(request.body)),
    }),
  );
}

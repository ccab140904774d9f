import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AUTH_ROUTES,
  LOCALE_COOKIE,
  text,
  type EmailVerificationSent,
  type VerifyEmailResponse,
} from '@music-rooms/domain';
import {
  resendEmailVerification,
  verifyEmailWithToken,
  type VerificationMail,
} from '../services/accounts/email-verification';
import { MailDeliveryError, type Mailer } from '../services/accounts/mail';
import { mailLanguage } from '../services/accounts/mail-templates';
import { authRateLimit, userAccountKey } from '../services/accounts/rate-limits';
import { bodyField, requireSession } from './auth-common';
import { mailFailed, tokenOf } from './auth-reset';
import { bodySchemaOf } from './zod-schema';

const resendSchema = z.object({ locale: text().max(35).optional() });
const verifySchema = z.object({ token: text() });

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
  app.post(
    AUTH_ROUTES.sendEmailVerification,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(resendSchema) },
      // Counted against the signed-in user: only the owner can ask for their account.
      preHandler: authRateLimit(app, 'emailVerificationMail', async (request) => {
        const current = await app.currentSession(request);
        return current ? userAccountKey(current.user.id) : null;
      }),
    },
    async (request, reply): Promise<EmailVerificationSent | FastifyReply> => {
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
  app.post(
    AUTH_ROUTES.verifyEmail,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(verifySchema) },
      preHandler: authRateLimit(app, 'verifyEmail', (request) => bodyField(request, 'token')),
    },
    async (request): Promise<VerifyEmailResponse> => ({
      state: await verifyEmailWithToken(app.database.db, tokenOf(request.body)),
    }),
  );
}

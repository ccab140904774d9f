import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  AUTH_ERRORS,
  AUTH_ROUTES,
  LOCALE_COOKIE,
  forgotPasswordSchema,
  text,
  userIdSchema,
  type AuthUserResponse,
  type PasswordResetRequested,
  type ResetPasswordResult,
  type VerifyResetTokenResponse,
} from '@music-rooms/domain';
import { loginFailed, parseForm } from '../services/accounts/errors';
import { createMailer, MailDeliveryError, type Mailer } from '../services/accounts/mail';
import { mailLanguage } from '../services/accounts/mail-templates';
import {
  redeemLoginGrant,
  requestPasswordReset,
  resetPasswordWithToken,
  resetTokenState,
} from '../services/accounts/password-reset';
import { accountNamedBy, authRateLimit, userAccountKey } from '../services/accounts/rate-limits';
import { mayMailReset } from '../services/accounts/reset-mail-cap';
import { signedIn } from '../services/accounts/sign-in-throttle';
import { DomainError } from '../errors';
import { clientError } from '../plugins/error-handler';
import {
  answerFailureAs,
  bodyField,
  newPasswordRule,
  sessionUserOf,
  userAnswerJson,
} from './auth-common';
import { bodySchemaOf } from './zod-schema';

const resetRequestSchema = forgotPasswordSchema.extend({ locale: text().max(35).optional() });
const tokenSchema = z.object({ token: text().trim().min(1) });
const resetSchema = z.object({ token: text(), newPassword: newPasswordRule });
const autoLoginSchema = z.object({
  userId: userIdSchema,
  email: text().optional(),
  name: text().optional(),
  grant: text(),
});

/** The token of a body, or 400 auth.errors.tokenMissing when there is none. */
export function tokenOf(body: unknown): string {
  const parsed = tokenSchema.safeParse(body ?? {});
  if (!parsed.success) throw new DomainError('token_missing', AUTH_ERRORS.tokenMissing);
  return parsed.data.token;
}

/** 502 with auth.errors.sendEmailFailed: the mail server refused or could not be reached. */
export function mailFailed(reply: FastifyReply) {
  const body = clientError(502, new DomainError('send_email_failed', AUTH_ERRORS.sendEmailFailed));
  return reply.status(502).send({ ...body, error: 'Bad Gateway' });
}

/** Password recovery (spec §4): the mailed link, its check, the new password, the sign-in after. */
export async function authResetRoutes(app: FastifyInstance) {
  requestResetRoute(app, createMailer(app.config, app.log));
  verifyTokenRoute(app);
  resetWithTokenRoute(app);
  autoLoginRoute(app);
}

// Mails a reset link to the account; answers with the e-mail it went to, masked. Limited per
// address and per address and account; mails to one account are capped (reset-mail-cap.ts).
function requestResetRoute(app: FastifyInstance, mailer: Mailer) {
  app.post(
    AUTH_ROUTES.requestPasswordReset,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(resetRequestSchema) },
      preHandler: authRateLimit(
        app,
        'passwordResetRequest',
        accountNamedBy(app, (request) => bodyField(request, 'emailOrUsername')),
      ),
    },
    async (request, reply): Promise<PasswordResetRequested | FastifyReply> => {
      const input = parseForm(resetRequestSchema, request.body);
      const { cookies, headers } = request;
      const language = mailLanguage(
        input.locale,
        cookies[LOCALE_COOKIE],
        headers['accept-language'],
      );
      const { emailOrUsername } = input;
      try {
        const publicUrl = app.config.publicUrl;
        return await requestPasswordReset(app.database.db, mailer, {
          emailOrUsername,
          language,
          publicUrl,
          mayMail: (userId) => mayMailReset(app.roomRuntime.attempts, userId, request.ip),
        });
      } catch (error) {
        if (!(error instanceof MailDeliveryError)) throw error;
        request.log.error({ err: error }, 'password reset mail not sent');
        return mailFailed(reply);
      }
    },
  );
}

// Tells the reset page whether its link is valid, expired, used or unknown.
function verifyTokenRoute(app: FastifyInstance) {
  app.post(
    AUTH_ROUTES.verifyResetToken,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(tokenSchema) },
      preHandler: authRateLimit(app, 'verifyResetToken', (request) => bodyField(request, 'token')),
    },
    async (request): Promise<VerifyResetTokenResponse> => ({
      state: await resetTokenState(app.database.db, tokenOf(request.body)),
    }),
  );
}

const RESET_FAILED = { code: 'reset_failed', key: AUTH_ERRORS.resetFailed } as const;

// Sets the new password through the link; answers with a one-time grant for auto-login.
function resetWithTokenRoute(app: FastifyInstance) {
  app.post(
    AUTH_ROUTES.resetPasswordWithToken,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(resetSchema) },
      preHandler: authRateLimit(app, 'passwordReset', (request) => bodyField(request, 'token')),
    },
    (request, reply): Promise<ResetPasswordResult | FastifyReply> =>
      answerFailureAs(request, reply, RESET_FAILED, () => {
        const token = tokenOf(request.body);
        const { newPassword } = parseForm(resetSchema, request.body);
        return resetPasswordWithToken(
          app.database.db,
          { token, newPassword },
          app.sessionRevocations.announce,
        );
      }),
  );
}

// Signs in right after a reset, only with the grant the reset gave for that user.
function autoLoginRoute(app: FastifyInstance) {
  app.post(
    AUTH_ROUTES.autoLogin,
    {
      attachValidation: true,
      schema: { body: bodySchemaOf(autoLoginSchema), response: { 200: userAnswerJson } },
      preHandler: authRateLimit(app, 'autoLogin', (request) => bodyField(request, 'userId')),
    },
    async (request, reply): Promise<AuthUserResponse> => {
      const parsed = autoLoginSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw loginFailed();
      const user = await redeemLoginGrant(app.database.db, parsed.data);
      // The owner came through their mail: this address is theirs, and any sign-in wait is over.
      const account = userAccountKey(user.id);
      await signedIn(app.roomRuntime.attempts, { account, address: request.ip });
      await app.signIn(request, reply, user, 'password');
      return { user: sessionUserOf(app, user, 'password') };
    },
  );
}

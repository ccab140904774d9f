import type { FastifyInstance, FastifyReply } from 'fastify';
import { ACCOUNT_ROUTES, AUTH_ERRORS, LOCALE_COOKIE } from '@music-rooms/domain';
import { loginFailed } from '../services/accounts/errors';
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
import { sendDomainError } from '../plugins/error-handler';
import { bodyOf, bodySchema, serveAccountRoute } from './account-route';
import { answerFailureAs, bodyField, sessionUserOf, userAnswerJson } from './auth-common';

/** The token of a body, or 400 auth.errors.tokenMissing when there is none. */
export function tokenOf(body: unknown): string {
  const parsed = bodySchema(ACCOUNT_ROUTES.verifyResetToken).safeParse(body ?? {});
  if (!parsed.success) throw new DomainError('token_missing', AUTH_ERRORS.tokenMissing);
  return parsed.data.token;
}

/** 502 with auth.errors.sendEmailFailed: the mail server refused or could not be reached. */
export function mailFailed(reply: FastifyReply) {
  const error = new DomainError('send_email_failed', AUTH_ERRORS.sendEmailFailed);
  return sendDomainError(reply, error, 502);
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
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.requestPasswordReset,
    {
      preHandler: authRateLimit(
        app,
        'passwordResetRequest',
        accountNamedBy(app, (request) => bodyField(request, 'emailOrUsername')),
      ),
    },
    async (request, reply) => {
      const input = bodyOf(ACCOUNT_ROUTES.requestPasswordReset, request);
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
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.verifyResetToken,
    {
      preHandler: authRateLimit(app, 'verifyResetToken', (request) => bodyField(request, 'token')),
    },
    async (request) => ({
      state: await resetTokenState(app.database.db, tokenOf(request.body)),
    }),
  );
}

const RESET_FAILED = { code: 'reset_failed', key: AUTH_ERRORS.resetFailed } as const;

// Sets the new password through the link; answers with a one-time grant for auto-login.
function resetWithTokenRoute(app: FastifyInstance) {
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.resetPasswordWithToken,
    { preHandler: authRateLimit(app, 'passwordReset', (request) => bodyField(request, 'token')) },
    (request, reply) =>
      answerFailureAs(request, reply, RESET_FAILED, () => {
        const token = tokenOf(request.body);
        const { newPassword } = bodyOf(ACCOUNT_ROUTES.resetPasswordWithToken, request);
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
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.autoLogin,
    {
      response: { 200: userAnswerJson },
      preHandler: authRateLimit(app, 'autoLogin', (request) => bodyField(request, 'userId')),
    },
    async (request, reply) => {
      const parsed = bodySchema(ACCOUNT_ROUTES.autoLogin).safeParse(request.body ?? {});
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

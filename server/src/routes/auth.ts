import type { FastifyInstance } from 'fastify';
import { ACCOUNT_ROUTES, AUTH_ERRORS } from '@music-rooms/domain';
import { mailVerificationIfListed } from '../services/accounts/email-verification';
import { createMailer, type Mailer } from '../services/accounts/mail';
import { registerAccount, signInWithPassword } from '../services/accounts/accounts';
import { accountNamedBy, authRateLimit, refuseTooMany } from '../services/accounts/rate-limits';
import { admitSignIn, signedIn } from '../services/accounts/sign-in-throttle';
import {
  answerFailureAs,
  bodyField,
  requireSession,
  sessionUserJson,
  sessionUserOf,
  userAnswerJson,
} from './auth-common';
import { bodyOf, serveAccountRoute } from './account-route';
import { emailVerificationRoutes, verificationMailFor } from './auth-email';

/**
 * Sessions of spec §7: who is signed in, sign-in, sign-up, sign-out and refreshing the
 * session user. A bad form gets 400 with the §8 key, checked by the same rules as the form.
 */
export async function authRoutes(app: FastifyInstance) {
  const mailer = createMailer(app.config, app.log);
  sessionRoutes(app);
  loginRoute(app);
  registerRoute(app, mailer);
  updateSessionRoute(app);
  emailVerificationRoutes(app, mailer);
}

const sessionAnswerJson = {
  type: 'object',
  required: ['user'],
  properties: { user: { anyOf: [{ type: 'null' }, sessionUserJson] } },
} as const;

function sessionRoutes(app: FastifyInstance) {
  // Who is signed in: the session user, or null for a guest. Never cached.
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.session,
    { response: { 200: sessionAnswerJson } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const current = await app.currentSession(request);
      return { user: current ? sessionUserOf(app, current.user, current.session.type) : null };
    },
  );

  // Sign-out: ends this session and clears its cookie (a guest gets the same answer).
  serveAccountRoute(app, ACCOUNT_ROUTES.signOut, {}, async (request, reply) => {
    await app.signOut(request, reply);
    return { success: true };
  });
}

/**
 * Sign-in with an e-mail or username (any case) and a password. Besides the per-address limit,
 * an address that keeps guessing one account waits longer each time, and past a ceiling the
 * account's guessers from elsewhere take turns (sign-in-throttle.ts): the owner is never held.
 */
function loginRoute(app: FastifyInstance) {
  const accountOf = accountNamedBy(app, (request) => bodyField(request, 'emailOrUsername'));
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.login,
    { response: { 200: userAnswerJson }, preHandler: authRateLimit(app, 'login', accountOf) },
    async (request, reply) => {
      const input = bodyOf(ACCOUNT_ROUTES.login, request);
      const attempt = { account: (await accountOf(request)) ?? '', address: request.ip };
      const wait = await admitSignIn(app.roomRuntime.attempts, attempt);
      if (wait > 0) refuseTooMany(reply, wait);
      const user = await signInWithPassword(app.database.db, input);
      await signedIn(app.roomRuntime.attempts, attempt);
      await app.signIn(request, reply, user, 'password');
      return { user: sessionUserOf(app, user, 'password') };
    },
  );
}

const REGISTRATION_FAILED = {
  code: 'registration_failed',
  key: AUTH_ERRORS.registrationFailed,
} as const;

// Sign-up: a new account with a random colour avatar, signed in at once. A super
// administrator's address (SUPER_ADMIN_EMAILS) gets a verification link: the rights wait for it.
function registerRoute(app: FastifyInstance, mailer: Mailer) {
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.register,
    {
      response: { 200: userAnswerJson },
      preHandler: authRateLimit(app, 'register', (request) => bodyField(request, 'email')),
    },
    (request, reply) =>
      answerFailureAs(request, reply, REGISTRATION_FAILED, async () => {
        const input = bodyOf(ACCOUNT_ROUTES.register, request);
        const user = await registerAccount(app.database.db, input);
        await app.signIn(request, reply, user, 'password');
        const mail = verificationMailFor(app, request, mailer);
        await mailVerificationIfListed(app.database.db, user, mail);
        return { user: sessionUserOf(app, user, 'password') };
      }),
  );
}

// After a profile change: the session user as the database has it now (the body is not trusted).
function updateSessionRoute(app: FastifyInstance) {
  serveAccountRoute(
    app,
    ACCOUNT_ROUTES.updateSession,
    { response: { 200: userAnswerJson } },
    async (request) => {
      const current = await requireSession(app, request);
      return { user: sessionUserOf(app, current.user, current.session.type) };
    },
  );
}

import { z } from 'zod';
import type {
  AccountExport,
  AuthUserResponse,
  ChangePasswordResponse,
  EmailVerificationSent,
  PasswordResetRequested,
  ResetPasswordResult,
  SessionResponse,
  SignOutResponse,
  UnlinkResponse,
  VerifyEmailResponse,
  VerifyResetTokenResponse,
} from './auth';
import { OAUTH_PROVIDERS, type OAuthProvider } from './limits';
import { forgotPasswordSchema, loginSchema, newPasswordRule, registerSchema } from './schemas/auth';
import { userIdSchema } from './schemas/ids';
import { text } from './schemas/text';

declare const answerType: unique symbol;

export type AccountRouteMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One account route over HTTP (spec §7): its method, its path (`:name` marks a path parameter,
 * as Fastify writes it), the zod schema of its JSON body and of its path parameters, and, as a
 * type only, what it answers. The server validates with these schemas; the web's call takes
 * its body and answer types from the same declaration, so the two cannot drift apart.
 */
export type AccountRoute<
  Method extends AccountRouteMethod,
  Body extends z.ZodType | null,
  Params extends z.ZodType | null,
  Answer,
> = {
  readonly method: Method;
  readonly path: string;
  readonly body: Body;
  readonly params: Params;
  readonly [answerType]?: Answer;
};

export type AnyAccountRoute = AccountRoute<
  AccountRouteMethod,
  z.ZodType | null,
  z.ZodType | null,
  unknown
>;

/** What a route answers when it succeeds. */
export type AnswerOf<Route> =
  Route extends AccountRoute<AccountRouteMethod, z.ZodType | null, z.ZodType | null, infer Answer>
    ? Answer
    : never;

/** The body a caller sends: the input side of the body schema (the server trims, checks...). */
export type BodyOf<Route extends AnyAccountRoute> = Route['body'] extends z.ZodType
  ? z.input<Route['body']>
  : undefined;

/** The values of a route's path parameters. */
export type ParamsOf<Route extends AnyAccountRoute> = Route['params'] extends z.ZodType
  ? z.input<Route['params']>
  : undefined;

const route = <Method extends AccountRouteMethod>(method: Method, path: string) => {
  const answering =
    <Body extends z.ZodType | null, Params extends z.ZodType | null>(body: Body, params: Params) =>
    /** Names what the route answers (a type only: nothing checks it at run time). */
    <Answer>(): AccountRoute<Method, Body, Params, Answer> => ({ method, path, body, params });
  return {
    body: <Body extends z.ZodType>(body: Body) => ({ answers: answering(body, null) }),
    params: <Params extends z.ZodType>(params: Params) => ({ answers: answering(null, params) }),
    answers: answering(null, null),
  };
};

const tokenBody = z.object({ token: text().trim().min(1) });
/** The mail goes out in `locale` (else the locale cookie, else the browser's language). */
const mailLocale = text().max(35).optional();

/** Every account route the app serves as JSON, by name. */
export const ACCOUNT_ROUTES = {
  /** Who is signed in: the session user, or null for a guest. */
  session: route('GET', '/api/_auth/session').answers<SessionResponse>(),
  /** Ends this session and clears its cookie (a guest gets the same answer). */
  signOut: route('DELETE', '/api/_auth/session').answers<SignOutResponse>(),
  login: route('POST', '/api/auth/login').body(loginSchema).answers<AuthUserResponse>(),
  register: route('POST', '/api/auth/register').body(registerSchema).answers<AuthUserResponse>(),
  /** Mails a reset link; answers where it went. */
  requestPasswordReset: route('POST', '/api/auth/request-password-reset')
    .body(forgotPasswordSchema.extend({ locale: mailLocale }))
    .answers<PasswordResetRequested>(),
  /** A blank token is answered 400 auth.errors.tokenMissing. */
  verifyResetToken: route('POST', '/api/auth/verify-reset-token')
    .body(tokenBody)
    .answers<VerifyResetTokenResponse>(),
  resetPasswordWithToken: route('POST', '/api/auth/reset-password-with-token')
    .body(z.object({ token: text(), newPassword: newPasswordRule }))
    .answers<ResetPasswordResult>(),
  /** Signs in only with the unused grant a reset gave that user (the reset's answer). */
  autoLogin: route('POST', '/api/auth/auto-login')
    .body(
      z.object({
        userId: userIdSchema,
        email: text().optional(),
        name: text().optional(),
        grant: text(),
      }),
    )
    .answers<AuthUserResponse>(),
  /** The current password is needed when one is set. */
  changePassword: route('POST', '/api/auth/change-password')
    .body(
      z.object({
        userId: userIdSchema,
        newPassword: newPasswordRule,
        currentPassword: text().optional(),
      }),
    )
    .answers<ChangePasswordResponse>(),
  /** The fields just changed (the server re-reads the user anyway). */
  updateSession: route('POST', '/api/auth/update-session')
    .body(
      z.object({
        name: text().optional(),
        username: text().optional(),
        email: text().optional(),
      }),
    )
    .answers<AuthUserResponse>(),
  /** Removes a provider when another way to sign in remains. */
  unlinkProvider: route('POST', '/api/auth/unlink-:provider')
    .params(z.object({ provider: z.enum(OAUTH_PROVIDERS) }))
    .answers<UnlinkResponse>(),
  /** Mails the verification link of a listed super administrator's address again. */
  sendEmailVerification: route('POST', '/api/auth/send-email-verification')
    .body(z.object({ locale: mailLocale }))
    .answers<EmailVerificationSent>(),
  verifyEmail: route('POST', '/api/auth/verify-email')
    .body(z.object({ token: text() }))
    .answers<VerifyEmailResponse>(),
  /** Everything the account holds, as a JSON file to download. */
  exportData: route('GET', '/api/account/export').answers<AccountExport>(),
} as const;

export type AccountRouteTable = typeof ACCOUNT_ROUTES;
/** One of the declared routes: a call can name no other. */
export type DeclaredAccountRoute = AccountRouteTable[keyof AccountRouteTable];

/** A route's path with its parameters filled in (`/api/auth/unlink-google`). */
export function pathOf(route: AnyAccountRoute, params?: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z]+)/g, (whole, name: string) => {
    const value = params?.[name];
    return value === undefined ? whole : encodeURIComponent(value);
  });
}

type Addresses = { readonly [Name in keyof AccountRouteTable]: string };

/**
 * The addresses of the account routes, for what speaks raw HTTP or navigates (links, tests),
 * and of the provider flows the browser is sent through (spec §7 /auth/{provider}, link-{provider}).
 */
export const AUTH_ROUTES = {
  ...(Object.fromEntries(
    Object.entries(ACCOUNT_ROUTES).map(([name, declared]) => [name, declared.path]),
  ) as Addresses),
  unlink: (provider: OAuthProvider) => pathOf(ACCOUNT_ROUTES.unlinkProvider, { provider }),
  link: (provider: OAuthProvider) => `/api/auth/link-${provider}`,
  signIn: (provider: OAuthProvider) => `/auth/${provider}`,
};

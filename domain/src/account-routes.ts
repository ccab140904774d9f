import type { z } from 'zod';
import type { AccountRouteSchemas } from './account-route-schemas';
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
import type { OAuthProvider } from './limits';

declare const answerType: unique symbol;

export type AccountRouteMethod = 'GET' | 'POST' | 'DELETE';

/**
 * One account route over HTTP (spec §7): its name, its method, its path (`:name` marks a path
 * parameter, as Fastify writes it) and, as a type only, what it answers. The zod schemas of its
 * JSON body and path parameters sit under the same name in account-route-schemas.ts: the
 * server validates with them, and the web's call takes its body type from them and its answer
 * type from here, so the two cannot drift apart, while the browser loads no schema to call.
 */
export type AccountRoute<Name extends string, Method extends AccountRouteMethod, Answer> = {
  readonly name: Name;
  readonly method: Method;
  readonly path: string;
  readonly [answerType]?: Answer;
};

export type AnyAccountRoute = AccountRoute<AccountRouteName, AccountRouteMethod, unknown>;

/** What a route answers when it succeeds. */
export type AnswerOf<Route> =
  Route extends AccountRoute<string, AccountRouteMethod, infer Answer> ? Answer : never;

type SchemasOf<Route extends AnyAccountRoute> = AccountRouteSchemas[Route['name']];

/** The body a caller sends: the input side of the body schema (the server trims, checks...). */
export type BodyOf<Route extends AnyAccountRoute> =
  SchemasOf<Route> extends { body: infer Body extends z.ZodType } ? z.input<Body> : undefined;

/** The values of a route's path parameters. */
export type ParamsOf<Route extends AnyAccountRoute> =
  SchemasOf<Route> extends { params: infer Params extends z.ZodType } ? z.input<Params> : undefined;

type Unnamed<Method extends AccountRouteMethod, Answer> = Omit<
  AccountRoute<string, Method, Answer>,
  'name'
>;

const route = <Method extends AccountRouteMethod>(method: Method, path: string) => ({
  /** Names what the route answers (a type only: nothing checks it at run time). */
  answers: <Answer>(): Unnamed<Method, Answer> => ({ method, path }),
});

/** Each route gets its key as its name, which finds its schemas. */
function named<Table extends Record<string, Unnamed<AccountRouteMethod, unknown>>>(
  table: Table,
): {
  [Name in keyof Table & string]: Table[Name] extends Unnamed<infer Method, infer Answer>
    ? AccountRoute<Name, Method, Answer>
    : never;
} {
  return Object.fromEntries(
    Object.entries(table).map(([name, unnamed]) => [name, { ...unnamed, name }]),
  ) as never;
}

/** Every account route the app serves as JSON, by name. */
export const ACCOUNT_ROUTES = named({
  /** Who is signed in: the session user, or null for a guest. */
  session: route('GET', '/api/_auth/session').answers<SessionResponse>(),
  /** Ends this session and clears its cookie (a guest gets the same answer). */
  signOut: route('DELETE', '/api/_auth/session').answers<SignOutResponse>(),
  login: route('POST', '/api/auth/login').answers<AuthUserResponse>(),
  register: route('POST', '/api/auth/register').answers<AuthUserResponse>(),
  /** Mails a reset link; answers where it went. */
  requestPasswordReset: route(
    'POST',
    '/api/auth/request-password-reset',
  ).answers<PasswordResetRequested>(),
  verifyResetToken: route(
    'POST',
    '/api/auth/verify-reset-token',
  ).answers<VerifyResetTokenResponse>(),
  resetPasswordWithToken: route(
    'POST',
    '/api/auth/reset-password-with-token',
  ).answers<ResetPasswordResult>(),
  /** Signs in only with the unused grant a reset gave that user (the reset's answer). */
  autoLogin: route('POST', '/api/auth/auto-login').answers<AuthUserResponse>(),
  changePassword: route('POST', '/api/auth/change-password').answers<ChangePasswordResponse>(),
  updateSession: route('POST', '/api/auth/update-session').answers<AuthUserResponse>(),
  /** Removes a provider when another way to sign in remains. */
  unlinkProvider: route('POST', '/api/auth/unlink-:provider').answers<UnlinkResponse>(),
  /** Mails the verification link of a listed super administrator's address again. */
  sendEmailVerification: route(
    'POST',
    '/api/auth/send-email-verification',
  ).answers<EmailVerificationSent>(),
  verifyEmail: route('POST', '/api/auth/verify-email').answers<VerifyEmailResponse>(),
  /** Everything the account holds, as a JSON file to download. */
  exportData: route('GET', '/api/account/export').answers<AccountExport>(),
});

export type AccountRouteTable = typeof ACCOUNT_ROUTES;
export type AccountRouteName = keyof AccountRouteTable;
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

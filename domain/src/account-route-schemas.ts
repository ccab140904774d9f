import { z } from 'zod';
import type { AccountRouteName } from './account-routes';
import { OAUTH_PROVIDERS } from './limits';
import { forgotPasswordSchema, loginSchema, newPasswordRule, registerSchema } from './schemas/auth';
import { userIdSchema } from './schemas/ids';
import { text } from './schemas/text';

/**
 * The zod schemas of the account routes' JSON bodies and path parameters, by route name
 * (account-routes.ts declares each route's method, path and answer). The server validates with
 * them; the web takes only their types, so no schema code reaches the browser's first load.
 */

const tokenBody = z.object({ token: text().trim().min(1) });
/** The mail goes out in `locale` (else the locale cookie, else the browser's language). */
const mailLocale = text().max(35).optional();

export type RouteSchemas = { body?: z.ZodType; params?: z.ZodType };

export const ACCOUNT_ROUTE_SCHEMAS = {
  session: {},
  signOut: {},
  login: { body: loginSchema },
  register: { body: registerSchema },
  requestPasswordReset: { body: forgotPasswordSchema.extend({ locale: mailLocale }) },
  /** A blank token is answered 400 auth.errors.tokenMissing. */
  verifyResetToken: { body: tokenBody },
  resetPasswordWithToken: { body: z.object({ token: text(), newPassword: newPasswordRule }) },
  autoLogin: {
    body: z.object({
      userId: userIdSchema,
      email: text().optional(),
      name: text().optional(),
      grant: text(),
    }),
  },
  /** The current password is needed when one is set. */
  changePassword: {
    body: z.object({
      userId: userIdSchema,
      newPassword: newPasswordRule,
      currentPassword: text().optional(),
    }),
  },
  /** The fields just changed (the server re-reads the user anyway). */
  updateSession: {
    body: z.object({
      name: text().optional(),
      username: text().optional(),
      email: text().optional(),
    }),
  },
  unlinkProvider: { params: z.object({ provider: z.enum(OAUTH_PROVIDERS) }) },
  sendEmailVerification: { body: z.object({ locale: mailLocale }) },
  verifyEmail: { body: z.object({ token: text() }) },
  exportData: {},
} as const satisfies Record<AccountRouteName, RouteSchemas>;

export type AccountRouteSchemas = typeof ACCOUNT_ROUTE_SCHEMAS;

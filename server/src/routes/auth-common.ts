import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuthErrorKey, type SessionType, type SessionUser } from '@music-rooms/domain';
import { DomainError, httpStatusOf } from '../errors';
import { sendDomainError } from '../plugins/error-handler';
import { notSignedIn } from '../services/accounts/errors';
import { toSessionUser, type UserRow } from '../services/accounts/users-store';
import type { CurrentSession } from '../plugins/session';

/** The session user the browser keeps (spec §3), as a response schema: nothing else leaves. */
export const sessionUserJson = {
  type: 'object',
  required: [
    'id',
    'email',
    'type',
    'username',
    'name',
    'avatar',
    'superadmin',
    'hasPassword',
    'providers',
    'adminEmailUnverified',
  ],
  properties: {
    id: { type: 'string' },
    email: { type: 'string' },
    type: { type: 'string' },
    username: { type: 'string' },
    name: { type: 'string' },
    avatar: { type: 'string' },
    superadmin: { type: 'boolean' },
    hasPassword: { type: 'boolean' },
    providers: { type: 'array', items: { type: 'string' } },
    adminEmailUnverified: { type: 'boolean' },
  },
} as const;

export const userAnswerJson = {
  type: 'object',
  required: ['user'],
  properties: { user: sessionUserJson },
} as const;

/** The caller's session, or 401 auth.errors.notSignedIn for a guest. */
export async function requireSession(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<CurrentSession> {
  const current = await app.currentSession(request);
  if (!current) throw notSignedIn();
  return current;
}

/** The session user for a row, as this app's settings make it (super administrators). */
export function sessionUserOf(app: FastifyInstance, user: UserRow, type: string): SessionUser {
  return toSessionUser(user, type as SessionType, app.config.superAdminEmails);
}

/** A string field of the parsed JSON body, for rate-limit keys (the body is not validated yet). */
export function bodyField(request: FastifyRequest, field: string): string | null {
  const body = request.body as Record<string, unknown> | null | undefined;
  const value = body && typeof body === 'object' ? body[field] : undefined;
  return typeof value === 'string' ? value : null;
}

/** What an account action answers when it fails for a reason of the server's own. */
export type ActionFailure = { code: string; key: AuthErrorKey };

/**
 * Runs an account action. A refusal (a 4xx DomainError: a form rule, a conflict, no session)
 * passes on as usual; anything else (a database error) is logged in full and answered 500 with
 * the action's §8 message (registrationFailed, resetFailed, oauthUnlinkFailed), not a bare
 * "Internal Server Error", so the form says what did not happen.
 */
export async function answerFailureAs<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  failure: ActionFailure,
  work: () => Promise<T>,
): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError && httpStatusOf(error) < 500) throw error;
    request.log.error({ err: error, code: failure.code }, 'account action failed');
    return sendDomainError(reply, new DomainError(failure.code, failure.key), 500);
  }
}

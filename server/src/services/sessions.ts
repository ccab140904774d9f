import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { OAuthProvider } from '@music-rooms/domain';
import type { SessionType, SessionUser } from '@music-rooms/domain/auth';
import type { Database } from '../db';
import { sessions, users } from '../db/schema';

/** A session lasts 30 days from its last use (sliding), renewed at most once a day. */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Secrets given to a browser are random; the database keeps only their SHA-256. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

type NewSession = {
  userId: string;
  type: SessionType;
  userAgent?: string | null;
  ip?: string | null;
};

export async function createSession(db: Database, input: NewSession, now = Date.now()) {
  const token = newSecret();
  const expiresAt = new Date(now + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({
      tokenHash: hashSecret(token),
      userId: input.userId,
      type: input.type,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
      ip: input.ip ?? null,
      expiresAt,
    })
    .returning();
  return { token, session: row as SessionRow };
}

/** A live session and its user; `renewed` when this lookup moved its expiry (send the cookie again). */
export type FoundSession = { session: SessionRow; user: UserRow; renewed: boolean };

/**
 * The live session behind a cookie token and its user. Once a day of use has passed since the
 * expiry was last set, the expiry moves to 30 days from now.
 */
export async function findSession(
  db: Database,
  token: string,
  now = Date.now(),
): Promise<FoundSession | null> {
  const [found] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, hashSecret(token)), gt(sessions.expiresAt, new Date(now))))
    .limit(1);
  if (!found) return null;
  if (found.session.expiresAt.getTime() - now >= SESSION_TTL_MS - RENEW_AFTER_MS) {
    return { ...found, renewed: false };
  }
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, found.session.id));
  return { user: found.user, session: { ...found.session, expiresAt }, renewed: true };
}

export async function revokeSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashSecret(token)));
}

/** Signs a user out everywhere, except (optionally) the session making the change. */
export async function revokeUserSessions(db: Database, userId: string, keepSessionId?: string) {
  const mine = eq(sessions.userId, userId);
  await db.delete(sessions).where(keepSessionId ? and(mine, ne(sessions.id, keepSessionId)) : mine);
}

export async function deleteExpiredSessions(db: Database, now = Date.now()): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date(now)));
}

export function isSuperAdmin(user: UserRow, superAdminEmails: readonly string[]): boolean {
  return user.superAdmin || superAdminEmails.includes(user.email.toLowerCase());
}

export function linkedProviders(user: UserRow): OAuthProvider[] {
  const linked: OAuthProvider[] = [];
  if (user.googleId) linked.push('google');
  if (user.githubId) linked.push('github');
  if (user.spotifyId) linked.push('spotify');
  return linked;
}

/** What the browser learns about the signed-in user (spec §3 session user). */
export function toSessionUser(
  user: UserRow,
  type: SessionType,
  superAdminEmails: readonly string[],
): SessionUser {
  return {
    id: user.id,
    email: user.email,
    type,
    username: user.username,
    name: user.name,
    avatar: user.avatar,
    superadmin: isSuperAdmin(user, superAdminEmails),
    hasPassword: user.passwordHash !== null,
    providers: linkedProviders(user),
  };
}

import type { SessionUser } from '@music-rooms/domain/auth';
import type { CachedUser } from './cached-user';

/** The part of the session user kept on the device (spec §3: name, avatar, superadmin). */
export function toCachedUser(user: SessionUser): CachedUser {
  return { name: user.name, avatar: user.avatar, superadmin: user.superadmin };
}

export function sameCachedUser(a: CachedUser | null, b: CachedUser | null): boolean {
  if (a === null || b === null) return a === b;
  return a.name === b.name && a.avatar === b.avatar && a.superadmin === b.superadmin;
}

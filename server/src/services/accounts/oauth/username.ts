import { randomInt } from 'node:crypto';
import { LIMITS } from '@music-rooms/domain';
import type { Database } from '../../../db';
import { findUserByUsername } from '../users-store';
import type { OAuthProfile } from './types';

const { min, max } = LIMITS.username.signUp;

/** A profile value reduced to the sign-up username rule: Latin letters, digits, underscore. */
export function toUsernameChars(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+/, '')
    .slice(0, max)
    .replace(/_+$/, '');
}

/** The first usable username the profile suggests: its handle, the e-mail's name, the display name. */
export function usernameBase(profile: OAuthProfile): string {
  const candidates = [profile.handle, profile.email?.split('@')[0], profile.name];
  for (const candidate of candidates) {
    const cleaned = candidate ? toUsernameChars(candidate) : '';
    if (cleaned.length >= min) return cleaned;
  }
  return 'user';
}

/**
 * A username nobody has yet (case-insensitively): the base, else the base with a short number.
 * The unique index still decides a race; the caller retries on a conflict.
 */
export async function availableUsername(db: Database, base: string): Promise<string> {
  if (!(await findUserByUsername(db, base))) return base;
  for (let digits = 3; digits <= 6; digits++) {
    const suffix = String(randomInt(10 ** (digits - 1), 10 ** digits));
    const candidate = `${base.slice(0, max - suffix.length - 1)}_${suffix}`;
    if (!(await findUserByUsername(db, candidate))) return candidate;
  }
  return `user_${randomInt(10 ** 9, 10 ** 10)}`;
}

/** The display name from the profile, within the name limit; the username when there is none. */
export function displayName(profile: OAuthProfile, username: string): string {
  const name = [...(profile.name ?? '').trim().replace(/\s+/g, ' ')]
    .slice(0, LIMITS.displayName.max)
    .join('')
    .trim();
  return name.length >= LIMITS.displayName.min ? name : username;
}

import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/**
 * Password hashing with argon2id (the library's default algorithm; the const enum that names
 * it cannot be imported under isolatedModules) at the OWASP-recommended cost.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** A hash of nothing anyone knows, made once at start: checked when the account does not exist. */
const dummyHash = hashPassword(`no account ${randomBytes(16).toString('hex')}`);

/**
 * Whether the password matches the stored hash. With no hash (unknown account or one without
 * a password) a dummy hash is still verified, so the answer takes about as long either way.
 */
export async function verifyPassword(storedHash: string | null, password: string) {
  if (storedHash === null) {
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

import { createHash } from 'node:crypto';
import type { AttemptLimiter, Backoff } from '../attempt-limiter';
import { addressKey } from '../client-address';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;

/**
 * One address guessing one account's password: five tries at once (a person who mistypes never
 * waits), then each further one makes the next wait 1 s, 2 s, 4 s… up to 15 minutes. Past
 * the cap that is four guesses an hour. Forgotten a day after the last try; a correct sign-in
 * from the address ends it at once.
 */
export const SIGN_IN_BACKOFF: Backoff = {
  free: 5,
  firstWaitMs: SECOND,
  maxWaitMs: 15 * MINUTE,
  forgetMs: DAY,
};

/**
 * One account guessed from many addresses: past 20 tries in 15 minutes (counted since the last
 * correct sign-in), addresses not in good standing with the account take turns, one try every
 * 5 s for all of them together. It only ever asks for seconds, never locks anyone out, and
 * a correct sign-in lifts it.
 */
export const SIGN_IN_CEILING = { attempts: 20, windowMs: 15 * MINUTE, turnMs: 5 * SECOND };

/**
 * An address is in good standing with an account when the account signed in from it within
 * KNOWN_ADDRESS_TTL_MS, or when it typed at most GOOD_STANDING_MISSES wrong passwords for it.
 * The ceiling never slows it: the owner at home, or trying once from a new place, gets in.
 */
export const KNOWN_ADDRESS_TTL_MS = 30 * DAY;
export const GOOD_STANDING_MISSES = 1;

/** The account (a rate-limit key: `user:<id>` or the typed name) and the client's address. */
export type SignInAttempt = { account: string; address: string | null | undefined };

/** Keys that tie an account to an address hold only a digest of the pair, not the address. */
const pairDigest = ({ account, address }: SignInAttempt) =>
  createHash('sha256')
    .update(`${account}\n${addressKey(address)}`)
    .digest('base64url');

const keys = (attempt: SignInAttempt) => {
  const pair = pairDigest(attempt);
  return {
    pair: `sign-in:pair:${pair}`,
    known: `sign-in:known:${pair}`,
    account: `sign-in:account:${attempt.account}`,
    turn: `sign-in:turn:${attempt.account}`,
  };
};

/** Whether the account signed in from this address lately (a correct password or a reset). */
export function isKnownAddress(store: AttemptLimiter, attempt: SignInAttempt): Promise<boolean> {
  return store.marked(keys(attempt).known);
}

/**
 * Lets a sign-in attempt through, counting it, or answers how many ms it must wait first:
 * the address's own backoff for the account, then, past the account's ceiling, a turn shared
 * by the addresses not in good standing. Counted before the password is checked, so that
 * parallel requests cannot all slip through; a correct sign-in takes the counts back.
 */
export async function admitSignIn(store: AttemptLimiter, attempt: SignInAttempt): Promise<number> {
  const k = keys(attempt);
  const [misses, tries, known] = await Promise.all([
    store.count(k.pair),
    store.count(k.account),
    store.marked(k.known),
  ]);
  const inGoodStanding = known || misses <= GOOD_STANDING_MISSES;
  if (tries >= SIGN_IN_CEILING.attempts && !inGoodStanding) {
    const wait = await store.take(k.turn, SIGN_IN_CEILING.turnMs);
    if (wait > 0) return wait;
  }
  const own = await store.backoff(k.pair, SIGN_IN_BACKOFF);
  if (!own.allowed) return own.retryAfterMs;
  await store.hit(k.account, Number.POSITIVE_INFINITY, SIGN_IN_CEILING.windowMs);
  return 0;
}

/**
 * A correct sign-in: the address's tries and wait for the account are forgotten, the account's
 * ceiling is lifted, and the address becomes known to the account.
 */
export async function signedIn(store: AttemptLimiter, attempt: SignInAttempt): Promise<void> {
  const k = keys(attempt);
  await Promise.all([
    store.clear(k.pair),
    store.clear(k.account),
    store.mark(k.known, KNOWN_ADDRESS_TTL_MS),
  ]);
}

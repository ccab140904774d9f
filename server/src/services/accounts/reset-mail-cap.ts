import type { AttemptLimiter } from '../attempt-limiter';
import { userAccountKey } from './rate-limits';
import { isKnownAddress } from './sign-in-throttle';

const MINUTE = 60_000;

/**
 * Reset mails to one account asked from addresses it has not signed in from lately: three an
 * hour go out at once, then at most one every two minutes. A flood from many addresses puts at
 * most about 30 mails an hour in the inbox; a person asking again gets their mail, at worst two
 * minutes later. The caller gets the same answer whether a mail went or not.
 */
export const RESET_MAIL_CAP = { free: 3, windowMs: 60 * MINUTE, spacingMs: 2 * MINUTE };

/**
 * Whether a reset mail to the account may go now. An address the account signed in from is
 * not capped (only its own per-address limits hold): strangers asking from elsewhere never
 * keep the owner's mail from going out.
 */
export async function mayMailReset(
  store: AttemptLimiter,
  userId: string,
  address: string | null | undefined,
): Promise<boolean> {
  const account = userAccountKey(userId);
  if (await isKnownAddress(store, { account, address })) return true;
  const key = `reset-mail:${account}`;
  const { allowed } = await store.hit(key, RESET_MAIL_CAP.free, RESET_MAIL_CAP.windowMs);
  return allowed || (await store.take(key, RESET_MAIL_CAP.spacingMs)) === 0;
}

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ERRORS, DomainError } from '@music-rooms/domain';
import type { Config } from '../../config';
import type { AttemptLimiter } from '../attempt-limiter';
import { createRedisClient, quitRedis } from '../../db/redis-client';
import { addressKey } from '../client-address';
import { findUserByEmailOrUsername } from './users-store';

export type LimitWindow = { max: number; windowMs: number };
/**
 * `perIp` counts every request of an address, whatever the account; `perIpAndAccount` the
 * requests of one address about one account; `perAccount` the requests about one account from
 * anywhere. A per-account limit lets a stranger lock the owner out, so it is kept for what only
 * the owner can name (a signed-in user, a mailed link's token) or what has no owner yet.
 */
type Limits = { perIp: LimitWindow; perAccount?: LimitWindow; perIpAndAccount?: LimitWindow };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An action that checks the signed-in owner's current password. */
const CURRENT_PASSWORD_CHECK = {
  perIp: { max: 20, windowMs: MINUTE },
  perAccount: { max: 5, windowMs: MINUTE },
} satisfies Limits;

/**
 * How often each account action may be tried. Guessing a password or flooding someone's inbox
 * stops here, and the attacker slows only itself; a person who mistypes a few times does not
 * notice. Sign-in is also slowed per address and account with a growing wait, and per account
 * past a ceiling (sign-in-throttle.ts); reset mails to one account are capped (reset-mail-cap.ts).
 */
export const AUTH_RATE_LIMITS = {
  login: { perIp: { max: 30, windowMs: MINUTE } },
  register: { perIp: { max: 20, windowMs: HOUR }, perAccount: { max: 5, windowMs: HOUR } },
  passwordResetRequest: {
    perIp: { max: 20, windowMs: HOUR },
    perIpAndAccount: { max: 5, windowMs: HOUR },
  },
  verifyResetToken: {
    perIp: { max: 60, windowMs: MINUTE },
    perAccount: { max: 20, windowMs: MINUTE },
  },
  passwordReset: { perIp: { max: 10, windowMs: MINUTE }, perAccount: { max: 5, windowMs: MINUTE } },
  autoLogin: {
    perIp: { max: 20, windowMs: MINUTE },
    perIpAndAccount: { max: 5, windowMs: MINUTE },
  },
  changePassword: CURRENT_PASSWORD_CHECK,
  /** Changing the e-mail checks the current password: the same limits as changing it. */
  changeEmail: CURRENT_PASSWORD_CHECK,
  /** Verification mails asked from the Account dialog (only the signed-in owner can ask). */
  emailVerificationMail: {
    perIp: { max: 20, windowMs: HOUR },
    perAccount: { max: 5, windowMs: HOUR },
  },
  /** Verification links opened, per address and per link. */
  verifyEmail: {
    perIp: { max: 60, windowMs: MINUTE },
    perAccount: { max: 20, windowMs: MINUTE },
  },
} satisfies Record<string, Limits>;

export type LimitedAction = keyof typeof AUTH_RATE_LIMITS;

/** What identifies the account a request is about; null when the body names none. */
export type AccountKey = (
  request: FastifyRequest,
) => string | null | undefined | Promise<string | null | undefined>;

/** The rate-limit key of an existing account. */
export const userAccountKey = (userId: string) => `user:${userId}`;

/**
 * The account a typed e-mail or username names, as a rate-limit key: the user's id when the
 * account exists, so its e-mail and its username (in any case) share one counter; else the
 * text itself, so that trying unknown names is limited too. Looked up once per request.
 */
export function accountNamedBy(
  app: FastifyInstance,
  typed: (request: FastifyRequest) => string | null,
): AccountKey {
  const resolved = new WeakMap<FastifyRequest, Promise<string | null>>();
  const resolve = async (request: FastifyRequest) => {
    const name = normalizeKey(typed(request));
    if (name === '') return null;
    const user = await findUserByEmailOrUsername(app.database.db, name);
    return user ? userAccountKey(user.id) : `name:${name}`;
  };
  return (request) => {
    let key = resolved.get(request);
    if (!key) {
      key = resolve(request);
      resolved.set(request, key);
    }
    return key;
  };
}

/**
 * A preHandler that counts the request against its action's limits (per address, per address
 * and account, per account) and answers 429 auth.errors.tooManyRequests, with Retry-After,
 * once one is used up. It runs after the body is parsed, so the account it names can count.
 */
export function authRateLimit(app: FastifyInstance, action: LimitedAction, accountOf: AccountKey) {
  const limits: Limits = AUTH_RATE_LIMITS[action];
  const accountKey = async (request: FastifyRequest) => normalizeKey(await accountOf(request));
  const byIp = app.createRateLimit({
    max: limits.perIp.max,
    timeWindow: limits.perIp.windowMs,
    keyGenerator: (request) => `auth:${action}:ip:${addressKey(request.ip)}`,
  });
  const byAccount = limits.perAccount
    ? app.createRateLimit({
        max: limits.perAccount.max,
        timeWindow: limits.perAccount.windowMs,
        keyGenerator: async (request) => `auth:${action}:account:${await accountKey(request)}`,
      })
    : null;
  const byIpAndAccount = limits.perIpAndAccount
    ? app.createRateLimit({
        max: limits.perIpAndAccount.max,
        timeWindow: limits.perIpAndAccount.windowMs,
        keyGenerator: async (request) =>
          `auth:${action}:ip-account:${addressKey(request.ip)}:${await accountKey(request)}`,
      })
    : null;
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const checks = [await byIp(request)];
    if ((await accountKey(request)) !== '') {
      if (byIpAndAccount) checks.push(await byIpAndAccount(request));
      if (byAccount) checks.push(await byAccount(request));
    }
    for (const check of checks) {
      if (check.isAllowed || !check.isExceeded) continue;
      refuseTooMany(reply, check.ttl);
    }
  };
}

/**
 * The same limits for an action a backend function does (no preHandler runs there), counted
 * with the app's attempt counters: one more request of the address about the account, refused
 * with auth.errors.tooManyRequests (and retryAfterMs) once a limit is used up.
 */
export async function countAccountAction(
  store: AttemptLimiter,
  action: LimitedAction,
  who: { account: string; address: string | null | undefined },
): Promise<void> {
  const limits: Limits = AUTH_RATE_LIMITS[action];
  const address = addressKey(who.address);
  const windows: Array<[string, LimitWindow | undefined]> = [
    [`auth:${action}:ip:${address}`, limits.perIp],
    [`auth:${action}:ip-account:${address}:${who.account}`, limits.perIpAndAccount],
    [`auth:${action}:account:${who.account}`, limits.perAccount],
  ];
  for (const [key, window] of windows) {
    if (!window) continue;
    const { allowed, retryAfterMs } = await store.hit(key, window.max, window.windowMs);
    if (!allowed) {
      throw new DomainError('rate_limited', AUTH_ERRORS.tooManyRequests, { retryAfterMs });
    }
  }
}

/** Answers 429 auth.errors.tooManyRequests, saying in Retry-After how many seconds to wait. */
export function refuseTooMany(reply: FastifyReply, retryAfterMs: number): never {
  reply.header('retry-after', Math.max(1, Math.ceil(retryAfterMs / 1000)));
  throw new DomainError('rate_limited', AUTH_ERRORS.tooManyRequests, { retryAfterMs });
}

function normalizeKey(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 320) : '';
}

/**
 * Where the counters live: in this process, or with REDIS_URL in Redis (under REDIS_PREFIX),
 * so that a limit holds however many nodes a client's requests reach.
 */
export function rateLimitStorage(config: Config, log: FastifyBaseLogger) {
  if (!config.redisUrl) return { options: {}, close: async () => {} };
  const redis = createRedisClient(config.redisUrl, log, 'rate-limit');
  return {
    options: { redis, nameSpace: `${config.redisPrefix}:rate-limit:` },
    close: () => quitRedis(redis),
  };
}

import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_ERRORS, DomainError } from '@music-rooms/domain';
import type { Config } from '../../config';
import { createRedisClient, quitRedis } from '../../db/redis-client';
import { findUserByEmailOrUsername } from './users-store';

export type LimitWindow = { max: number; windowMs: number };
type Limits = { perIp: LimitWindow; perAccount: LimitWindow };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How often each account action may be tried, from one address and against one account
 * (the account an e-mail or username names, the user id, or the link's token). Guessing a password
 * or flooding someone's inbox stops here; a person who mistypes a few times does not notice.
 */
export const AUTH_RATE_LIMITS = {
  login: { perIp: { max: 30, windowMs: MINUTE }, perAccount: { max: 10, windowMs: MINUTE } },
  register: { perIp: { max: 20, windowMs: HOUR }, perAccount: { max: 5, windowMs: HOUR } },
  passwordResetRequest: {
    perIp: { max: 20, windowMs: HOUR },
    perAccount: { max: 5, windowMs: HOUR },
  },
  verifyResetToken: {
    perIp: { max: 60, windowMs: MINUTE },
    perAccount: { max: 20, windowMs: MINUTE },
  },
  passwordReset: { perIp: { max: 10, windowMs: MINUTE }, perAccount: { max: 5, windowMs: MINUTE } },
  autoLogin: { perIp: { max: 20, windowMs: MINUTE }, perAccount: { max: 5, windowMs: MINUTE } },
  changePassword: {
    perIp: { max: 20, windowMs: MINUTE },
    perAccount: { max: 5, windowMs: MINUTE },
  },
} satisfies Record<string, Limits>;

export type LimitedAction = keyof typeof AUTH_RATE_LIMITS;

/** What identifies the account a request is about; null when the body names none. */
export type AccountKey = (
  request: FastifyRequest,
) => string | null | undefined | Promise<string | null | undefined>;

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
    return user ? `user:${user.id}` : `name:${name}`;
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
 * A preHandler that counts the request against its action's per-address and per-account
 * limits, and answers 429 auth.errors.tooManyRequests once either is used up. It runs after
 * the body is parsed, so the account named in the body can be counted.
 */
export function authRateLimit(app: FastifyInstance, action: LimitedAction, accountOf: AccountKey) {
  const { perIp, perAccount } = AUTH_RATE_LIMITS[action];
  const byIp = app.createRateLimit({
    max: perIp.max,
    timeWindow: perIp.windowMs,
    keyGenerator: (request) => `auth:${action}:ip:${request.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: perAccount.max,
    timeWindow: perAccount.windowMs,
    keyGenerator: async (request) =>
      `auth:${action}:account:${normalizeKey(await accountOf(request))}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const checks = [await byIp(request)];
    if (normalizeKey(await accountOf(request)) !== '') checks.push(await byAccount(request));
    for (const check of checks) {
      if (check.isAllowed || !check.isExceeded) continue;
      reply.header('retry-after', check.ttlInSeconds);
      throw new DomainError('rate_limited', AUTH_ERRORS.tooManyRequests);
    }
  };
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

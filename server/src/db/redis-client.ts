import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { addressOf, settingError } from '../startup-errors';

/** How long the check at start waits for Redis to answer before the boot fails. */
const START_CHECK_TIMEOUT_MS = 5_000;

export type RedisClientOptions = {
  /** Connect on `connect()` rather than at once, so the caller can fail the boot on an error. */
  lazyConnect?: boolean;
};

/**
 * A Redis connection as every part of the app opens one (rate limits, rooms, pub/sub): a
 * command gives up after three reconnection attempts instead of waiting for ever, and a lost
 * connection is logged with the part it serves (`role`) while ioredis reconnects.
 */
export function createRedisClient(
  url: string,
  log: FastifyBaseLogger,
  role: string,
  options: RedisClientOptions = {},
): Redis {
  const client = new Redis(url, { maxRetriesPerRequest: 3, ...options });
  client.on('error', (err) => log.error({ err, role }, 'redis connection error'));
  return client;
}

/** Closes a connection; one already lost has nothing left to close. */
export async function quitRedis(client: Redis): Promise<void> {
  await client.quit().catch(() => {});
}

/**
 * Connects once, with no retry and a bounded wait, before any long-lived client is opened: an
 * unreachable REDIS_URL fails the boot at once with one line, instead of every client logging
 * its reconnection attempts for half a minute first.
 */
export async function checkRedisReachable(url: string): Promise<void> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: START_CHECK_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // connect() only says "Connection is closed."; the error event says why.
  let failure: Error | null = null;
  probe.on('error', (error: Error) => (failure ??= error));
  try {
    await probe.connect();
    await probe.ping();
  } catch (error) {
    throw settingError('REDIS_URL', `${addressOf(url)}: cannot connect`, failure ?? error);
  } finally {
    probe.disconnect();
  }
}

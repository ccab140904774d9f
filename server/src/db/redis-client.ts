import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';

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

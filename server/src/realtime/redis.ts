import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { createRedisClient, quitRedis } from '../db/redis-client';
import { addressOf, settingError } from '../startup-errors';
import { LocalTopicHandlers, type TopicBus } from './topic-bus';

type TopicMessage = { from: string; topics: readonly string[] };

/** Redis connections of one node: commands, the Socket.IO adapter's subscriber, and the topic subscriber. */
export type RedisPubSub = {
  topics: TopicBus;
  socketAdapter: ReturnType<typeof createAdapter>;
  close: () => Promise<void>;
};

/**
 * Connects to Redis (failing the boot when it cannot) and sets up the topic channel under
 * `prefix`, so that several deployments may share one Redis without hearing each other.
 */
export async function connectRedisPubSub(
  url: string,
  prefix: string,
  log: FastifyBaseLogger,
): Promise<RedisPubSub> {
  const clients = ['commands', 'socket.io', 'topics'].map((role) =>
    createRedisClient(url, log, role, { lazyConnect: true }),
  );
  const [commands, adapterSubscriber, topicSubscriber] = clients as [Redis, Redis, Redis];
  const quitAll = () => Promise.all(clients.map(quitRedis));
  // connect() only says "Connection is closed."; the error event says why.
  let failure: Error | null = null;
  clients.forEach((client) => client.once('error', (error: Error) => (failure ??= error)));
  try {
    await Promise.all(clients.map((client) => client.connect())).catch((error: Error) => {
      throw settingError('REDIS_URL', `${addressOf(url)}: cannot connect`, failure ?? error);
    });
    const topics = await createRedisTopicBus(commands, topicSubscriber, `${prefix}:topics`, log);
    const socketAdapter = createAdapter(commands, adapterSubscriber, {
      key: `${prefix}:socket.io`,
    });
    return {
      topics,
      socketAdapter,
      close: async () => {
        await topics.close();
        await quitAll();
      },
    };
  } catch (error) {
    await quitAll();
    throw error;
  }
}

/**
 * Publishes topics on a Redis channel. This node's handlers are called at once; the message
 * carries the node's id so that it skips its own echo.
 */
async function createRedisTopicBus(
  commands: Redis,
  subscriber: Redis,
  channel: string,
  log: FastifyBaseLogger,
): Promise<TopicBus> {
  const nodeId = randomUUID();
  const local = new LocalTopicHandlers();
  subscriber.on('message', (receivedOn: string, raw: string) => {
    if (receivedOn !== channel) return;
    const message = parseTopicMessage(raw);
    if (message === null) return log.warn({ channel }, 'ignored a malformed topic message');
    if (message.from !== nodeId) local.deliver(message.topics);
  });
  await subscriber.subscribe(channel);
  return {
    publish: async (topics) => {
      local.deliver(topics);
      // The change itself is saved: other nodes missing this news must not fail the mutation.
      const message = JSON.stringify({ from: nodeId, topics } satisfies TopicMessage);
      await commands.publish(channel, message).catch((err: unknown) => {
        log.error({ err, topics }, 'could not publish changed topics to other nodes');
      });
    },
    onTopics: (handler) => local.add(handler),
    close: async () => {
      local.clear();
      await subscriber.unsubscribe(channel).catch(() => {});
    },
  };
}

function parseTopicMessage(raw: string): TopicMessage | null {
  try {
    const message = JSON.parse(raw) as Partial<TopicMessage>;
    const valid =
      typeof message.from === 'string' &&
      Array.isArray(message.topics) &&
      message.topics.every((topic) => typeof topic === 'string');
    return valid ? (message as TopicMessage) : null;
  } catch {
    return null;
  }
}

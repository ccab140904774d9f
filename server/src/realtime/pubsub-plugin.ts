import fp from 'fastify-plugin';
import type { ServerOptions } from 'socket.io';
import { connectRedisPubSub } from './redis';
import { createMemoryTopicBus, type TopicBus } from './topic-bus';

/** Builds the Socket.IO adapter of a namespace; null keeps Socket.IO's in-process one. */
export type SocketAdapterFactory = ServerOptions['adapter'] | null;

/**
 * How nodes tell each other what changed: in-process by default; with REDIS_URL, topics and
 * Socket.IO broadcasts go through Redis under REDIS_PREFIX, so every node hears every mutation.
 */
export const pubsubPlugin = fp(
  async (app) => {
    const { redisUrl, redisPrefix } = app.config;
    const redis = redisUrl ? await connectRedisPubSub(redisUrl, redisPrefix, app.log) : null;
    const topics = redis?.topics ?? createMemoryTopicBus();
    app.decorate('topics', topics);
    app.decorate('socketAdapter', redis?.socketAdapter ?? null);
    app.addHook('onClose', async () => (redis ? redis.close() : topics.close()));
  },
  { name: 'pubsub' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Publishes changed topics to every node's live queries. */
    topics: TopicBus;
    socketAdapter: SocketAdapterFactory;
  }
}

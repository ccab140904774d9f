import fp from 'fastify-plugin';
import { createRedisClient, quitRedis } from '../db/redis-client';
import { memoryAttemptLimiter, redisAttemptLimiter } from '../services/attempt-limiter';
import type { RequestDeps } from '../services/deps';
import { memoryPresenceEntries, redisPresenceEntries } from '../services/presence/entries';
import { Presence } from '../services/presence/presence';
import { memoryReportEntries, redisReportEntries } from '../services/presence/report-entries';
import { SyncReports } from '../services/presence/sync-reports';
import { AccessRequestFeed } from '../services/rooms/access-request-news';
import { RoomActivityFeed } from '../services/rooms/activity';
import { RoomSoundFeed } from '../services/player/room-sounds';
import { scheduleTokenCleanup } from '../services/rooms/cleanup-schedule';
import { RoomListCache } from '../services/rooms/list-cache';
import { NowPlayingCache } from '../services/rooms/now-playing';

/** The part of every request's deps that rooms keep outside the database. */
export type RoomRuntime = Pick<
  RequestDeps,
  | 'presence'
  | 'attempts'
  | 'roomLists'
  | 'nowPlaying'
  | 'syncReports'
  | 'activity'
  | 'accessRequests'
  | 'roomSounds'
>;

/**
 * What rooms keep outside the database: presence, the pages' sync reports, password-attempt counters (in this
 * process, or in Redis under REDIS_PREFIX so every node shares them), the cache of the public
 * room list and of what each room plays (each node its own, cleared by the topics of every
 * node's changes), and the
 * regular sweep of expired gate passes. Started with the app, stopped when it closes.
 */
export const roomRuntimePlugin = fp(
  async (app) => {
    const { redisUrl, redisPrefix, rooms: timings } = app.config;
    const redis = redisUrl ? createRedisClient(redisUrl, app.log, 'rooms') : null;
    const entries = redis ? redisPresenceEntries(redis, redisPrefix) : memoryPresenceEntries();
    const presence = new Presence(
      entries,
      (topics) => app.topics.publish(topics),
      {
        retentionMs: timings.presenceRetentionMs,
        heartbeatMs: timings.presenceHeartbeatMs,
        entryTtlMs: timings.presenceEntryTtlMs,
      },
      (err) => app.log.error({ err }, 'presence update failed'),
    );
    const syncReports = new SyncReports(
      redis ? redisReportEntries(redis, redisPrefix) : memoryReportEntries(),
      presence,
      (topics) => app.topics.publish(topics),
      (err) => app.log.error({ err }, 'sync report failed'),
    );
    const attempts = redis ? redisAttemptLimiter(redis, redisPrefix) : memoryAttemptLimiter();
    const roomLists = new RoomListCache();
    const nowPlaying = new NowPlayingCache();
    const stopListening = app.topics.onTopics((topics) => {
      roomLists.onTopics(topics);
      nowPlaying.onTopics(topics);
    });
    app.decorate('roomRuntime', {
      presence,
      attempts,
      roomLists,
      nowPlaying,
      syncReports,
      activity: new RoomActivityFeed(),
      accessRequests: new AccessRequestFeed(),
      roomSounds: new RoomSoundFeed(),
    } satisfies RoomRuntime);

    let stopCleanup = () => {};
    app.backgroundWork.add(async () => {
      presence.start();
      syncReports.start();
      stopCleanup = scheduleTokenCleanup(
        app.database.db,
        timings.tokenCleanupIntervalMs,
        (result) => {
          if ('error' in result) app.log.error({ err: result.error }, 'token cleanup failed');
          else if (result.removed > 0) app.log.info(result, 'expired room access tokens removed');
        },
      );
    });
    app.addHook('onClose', async () => {
      stopCleanup();
      stopListening();
      presence.stop();
      syncReports.stop();
      if (redis) await quitRedis(redis);
    });
  },
  { name: 'room-runtime', dependencies: ['database', 'pubsub', 'background-work'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    roomRuntime: RoomRuntime;
  }
}

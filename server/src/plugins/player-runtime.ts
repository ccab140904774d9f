import fp from 'fastify-plugin';
import { TOPICS } from '@music-rooms/domain';
import type { JobLane } from '../services/jobs/handler';
import { advanceJob } from '../services/player/advance-job';
import { ADVANCE_JOB } from '../services/player/playback';
import { settleRoomsAtStart, TrackChangeSettler } from '../services/player/room-changes';
import { PlayerAccessCache } from '../services/player/access-cache';
import type { SharedPlayerView } from '../services/player/view';
import { PlayerViewCache } from '../services/player/view-cache';

export type PlayerRuntime = {
  /** What each room's player shows everyone alike, on this node. */
  playerViews: PlayerViewCache<SharedPlayerView>;
  playerAccess: PlayerAccessCache;
};

/**
 * Track-end timers have a lane of their own (a long audio processing job never delays an
 * advance), and a short lease: a node that died holding one hands it on within seconds.
 */
const TIMERS_LANE: JobLane = { name: 'timers', slots: 4, leaseMs: 10_000 };

/**
 * What the player keeps running: the track-end timers (durable jobs), the per-node cache of
 * player views (forgotten on the topics every node hears), and the reaction to a room's tracks changing (the current track
 * removed or no longer ready: the player moves on). At start it catches up every playing room
 * and re-arms its timer: a restart resumes rooms where they would be.
 */
export const playerRuntimePlugin = fp(
  async (app) => {
    const db = app.database.db;
    const publish = (topics: readonly string[]) =>
      void app.topics.publish(topics).catch((err: unknown) => {
        app.log.error({ err }, 'could not announce a player change');
      });
    app.jobs.register(ADVANCE_JOB, advanceJob(app.jobs, publish), { lane: TIMERS_LANE });
    const playerViews = new PlayerViewCache<SharedPlayerView>();
    const playerAccess = new PlayerAccessCache();
    const deps = { db, jobs: app.jobs };
    const trackChanges = new TrackChangeSettler(deps, publish, (err) =>
      app.log.error({ err }, 'could not settle a player after its tracks changed'),
    );
    const stopListening = app.topics.onTopics((topics) => {
      playerViews.onTopics(topics);
      playerAccess.onTopics(topics);
      trackChanges.onTopics(topics);
    });
    app.decorate('playerRuntime', {
      playerViews,
      playerAccess,
    } satisfies PlayerRuntime);
    app.backgroundWork.add(async () => {
      // A room that cannot be settled now keeps its old timer and is settled by the next command.
      await settleRoomsAtStart(deps).then(
        (changed) => changed.length > 0 && publish(changed.map(TOPICS.player)),
        (err: unknown) => app.log.error({ err }, 'could not resume the playing rooms'),
      );
    });
    app.addHook('onClose', async () => {
      stopListening();
      await trackChanges.idle();
    });
  },
  {
    name: 'player-runtime',
    dependencies: ['database', 'pubsub', 'background-work', 'jobs-runtime'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    playerRuntime: PlayerRuntime;
  }
}

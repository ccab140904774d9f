import fp from 'fastify-plugin';
import { TOPICS, type RoomId } from '@music-rooms/domain';
import { LOUDNESS_JOB, loudnessJob } from '../services/dev/loudness';
import { spotifyClientOf, type SpotifyClient } from '../services/spotify/client';
import { SPOTIFY_LANE, SPOTIFY_MATCH_JOB, spotifyMatchJob } from '../services/spotify/room-match';
import { MEDIA_LANE } from './tracks-runtime';

export type DevToolsRuntime = {
  /** Spotify's catalogue with the app's own credentials: one token for pages and jobs alike. */
  spotify: SpotifyClient;
};

/**
 * The background work of the developer pages: measuring tracks' loudness again (in the media
 * lane, with the uploads' ffmpeg) and matching a room's tracks on Spotify. A track's room hears
 * of a new figure or match, so its lists (and the player's gain) follow.
 */
export const devToolsRuntimePlugin = fp(
  async (app) => {
    const { db } = app.database;
    const { storage, ffmpeg } = app.tracksRuntime;
    const spotify = spotifyClientOf(app.config);
    const published = (roomId: RoomId) =>
      void app.topics.publish([TOPICS.tracks(roomId), TOPICS.playlists(roomId)]);
    app.jobs.register(LOUDNESS_JOB, loudnessJob({ db, storage, ffmpeg: ffmpeg.path, published }), {
      lane: MEDIA_LANE,
    });
    app.jobs.register(SPOTIFY_MATCH_JOB, spotifyMatchJob({ db, spotify, published }), {
      lane: SPOTIFY_LANE,
    });
    app.decorate('devToolsRuntime', { spotify } satisfies DevToolsRuntime);
  },
  {
    name: 'dev-tools-runtime',
    dependencies: ['database', 'pubsub', 'jobs-runtime', 'tracks-runtime'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    devToolsRuntime: DevToolsRuntime;
  }
}

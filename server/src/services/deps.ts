import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db';
import type { Mailer } from './accounts/mail';
import type { AttemptLimiter } from './attempt-limiter';
import type { Presence } from './presence/presence';
import type { RoomListCache } from './rooms/list-cache';
import type { NowPlayingCache } from './rooms/now-playing';
import type { RoomActivityFeed } from './rooms/activity';
import type { RoomSoundFeed } from './player/room-sounds';
import type { AccessRequestFeed } from './rooms/access-request-news';
import type { SyncReports } from './presence/sync-reports';
import type { Storage } from '../storage';
import type { UploadFiles } from '../storage/upload-files';
import type { JobQueue } from './jobs/queue';
import type { PlayerAccessCache } from './player/access-cache';
import type { SharedPlayerView } from './player/view';
import type { PlayerViewCache } from './player/view-cache';
import type { YandexMusicRuntime } from './yandex-music/runtime';
import type { SpotifyClient } from './spotify/client';

/**
 * What a service call may use besides its arguments: the database, the settings, and the state
 * the app keeps outside the database. Built once when the app starts (functions/plugin.ts)
 * and handed to every call; a service names the part it needs with `Pick<RequestDeps, ...>`.
 */
export type RequestDeps = {
  db: Database;
  config: Config;
  /** The server's log (what goes wrong where no caller hears of it). */
  log: FastifyBaseLogger;
  /** Who is in which room right now. */
  presence: Presence;
  /** Attempt counters: room password gates, sign-in backoff, reset mail caps, upload starts. */
  attempts: AttemptLimiter;
  /** This node's cache of the public room list. */
  roomLists: RoomListCache;
  /** This node's copy of the track each room plays, for the room cards. */
  nowPlaying: NowPlayingCache;
  /** How each page present in a room plays along (the listeners panel). */
  syncReports: SyncReports;
  /** Tells the members present in a room what someone did there. */
  activity: RoomActivityFeed;
  /** Tells a room's owner and admins, wherever in the app they are, that someone asked to join. */
  accessRequests: AccessRequestFeed;
  /** Tells the pages of a room which short sound to play when (test clicks, calibration). */
  roomSounds: RoomSoundFeed;
  /** Audio files and covers (local folder or S3). */
  storage: Storage;
  /** Uploads while they arrive over tus. */
  uploadFiles: UploadFiles;
  /** The node's durable background jobs (processing, playback copies, track-end timers, imports). */
  jobs: JobQueue;
  /** What each room's player shows everyone alike, on this node. */
  playerViews: PlayerViewCache<SharedPlayerView>;
  /** Who may view each room's player, per caller, on this node. */
  playerAccess: PlayerAccessCache;
  /** Mail to users (SMTP_URL, or the outbox folder). */
  mailer: Mailer;
  /** The streaming-service import: its client, this process's tokens and job queue. */
  yandexMusic: YandexMusicRuntime;
  /** Spotify's catalogue with the app's own credentials (developer pages). */
  spotify: SpotifyClient;
};

import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { TOPICS, type HealthDetail } from '@music-rooms/domain';
import {
  chooseFfmpeg,
  FFMPEG_MEMORY_LIMIT_BYTES,
  ffmpegVersion,
  memoryLimiter,
  type FfmpegChoice,
} from '../media';
import type { JobLane } from '../services/jobs/handler';
import { PLAYBACK_COPY_JOB, PlaybackCopies } from '../services/tracks/playback-copies';
import { processAudioJob } from '../services/tracks/processing';
import { PURGE_REMOVAL_JOB, purgeRemovalJob } from '../services/tracks/removals';
import { PROCESS_AUDIO_JOB } from '../services/tracks/uploads';
import { openStorage, type Storage } from '../storage';
import { openUploadFiles, type UploadFiles } from '../storage/upload-files';
import { settingError } from '../startup-errors';

export type TracksRuntime = {
  storage: Storage;
  uploadFiles: UploadFiles;
  playback: PlaybackCopies;
  /** The ffmpeg that decodes uploads, as `/api/health` tells super administrators. */
  ffmpeg: HealthDetail['ffmpeg'];
};

/** Which ffmpeg decodes uploads: the choice, its version and the memory limit it runs under. */
async function describeFfmpeg(choice: FfmpegChoice): Promise<HealthDetail['ffmpeg']> {
  const version = await ffmpegVersion(choice.path);
  const memoryLimitBytes = memoryLimiter() ? FFMPEG_MEMORY_LIMIT_BYTES : null;
  return { ...choice, version, memoryLimitBytes };
}

/**
 * Says which ffmpeg decodes uploads, warning of the unmaintained bundled build. Once the server
 * listens: a start refused for a setting says that one line and nothing else.
 */
function logFfmpeg(log: FastifyBaseLogger, ffmpeg: HealthDetail['ffmpeg']): void {
  log.info({ ffmpeg }, 'ffmpeg decodes uploaded audio');
  if (ffmpeg.origin === 'bundled') {
    log.warn(
      { ffmpeg: ffmpeg.path },
      'no ffmpeg on PATH nor FFMPEG_PATH: the bundled 2018 build, which gets no security fixes, decodes uploads; install ffmpeg (apt install ffmpeg)',
    );
  }
  if (!ffmpeg.memoryLimitBytes) {
    log.warn('prlimit (util-linux) not found: ffmpeg runs without a memory limit');
  }
}

/**
 * Processing and playback copies share the node's two slots for media work (ffmpeg); one room
 * never holds both.
 */
export const MEDIA_LANE: JobLane = { name: 'media', slots: 2 };

/** Deleting the files of removals no longer undoable: quick work, apart from the media's. */
const REMOVALS_LANE: JobLane = { name: 'removals', slots: 1 };

/**
 * What tracks need besides the database: the storage of audio and covers (checked writable at
 * start), the store of uploads in progress, the jobs that process finished uploads, and the
 * maker of playback copies. Every node runs the jobs; the database hands each to one of them.
 * At start, each ready track without a playback copy gets a background job.
 */
export const tracksRuntimePlugin = fp(
  async (app) => {
    const { config } = app;
    const storage = openStorage(config);
    await storage.check().catch((error: unknown) => {
      throw config.storage === 's3'
        ? settingError('S3_BUCKET', `${config.s3.bucket} cannot be written`, error)
        : settingError('DATA_DIR', `${config.dataDir}/storage cannot be written`, error);
    });
    const uploadFiles = openUploadFiles(config);
    const choice = chooseFfmpeg(config.ffmpegPath, config.searchPath);
    const ffmpeg = choice.path;
    const { db } = app.database;
    const playback = new PlaybackCopies({ db, storage, ffmpeg, log: app.log });
    const audio = processAudioJob(
      { storage, uploadFiles, ffmpeg, log: app.log, maxAudioFileSize: config.maxAudioFileSize },
      db,
    );
    app.jobs.register(
      PROCESS_AUDIO_JOB,
      {
        ...audio,
        // A processed upload's bytes are no longer needed; its room and uploader hear the result.
        settled: (payload) => {
          void uploadFiles.remove(payload.uploadId);
          void app.topics.publish([
            TOPICS.tracks(payload.roomId),
            TOPICS.playlists(payload.roomId),
            TOPICS.uploads(payload.userId),
          ]);
        },
      },
      { lane: MEDIA_LANE },
    );
    app.jobs.register(PLAYBACK_COPY_JOB, playback.job(), { lane: MEDIA_LANE });
    app.jobs.register(PURGE_REMOVAL_JOB, purgeRemovalJob({ db, storage, log: app.log }), {
      lane: REMOVALS_LANE,
    });
    const described = await describeFfmpeg(choice);
    app.decorate('tracksRuntime', {
      storage,
      uploadFiles,
      playback,
      ffmpeg: described,
    } satisfies TracksRuntime);
    app.backgroundWork.add(async () => {
      logFfmpeg(app.log, described);
      await playback.queueMissing().catch((err: unknown) => {
        app.log.error({ err }, 'could not queue the missing playback copies');
      });
      app.jobs.wake();
    });
    app.addHook('onClose', async () => playback.close());
  },
  {
    name: 'tracks-runtime',
    dependencies: ['database', 'pubsub', 'background-work', 'jobs-runtime'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    tracksRuntime: TracksRuntime;
  }
}

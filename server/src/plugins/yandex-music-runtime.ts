import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { TOPICS, asUserId } from '@music-rooms/domain';
import { JobQueue } from '../services/jobs/queue';
import { YandexMusicClient } from '../services/yandex-music/client';
import { settleImport, startTending, type HolderDeps } from '../services/yandex-music/holder';
import { importTrackJob, type ImportJobPayload } from '../services/yandex-music/import-job';
import { ActiveDownloads, type YandexMusicRuntime } from '../services/yandex-music/runtime';
import { TokenKeeper } from '../services/yandex-music/token-keeper';

/**
 * The streaming-service import on this node: the service's client, the tokens of the imports
 * this process runs (memory only), and a job queue of its own whose jobs only this process
 * claims, since the token they need lives here. Imports of a node that stopped are released by
 * whichever node tends them first (services/yandex-music/holder.ts).
 */
export const yandexMusicRuntimePlugin = fp(
  async (app) => {
    const { config } = app;
    const timings = config.yandexMusic;
    const nodeId = randomUUID();
    const client = new YandexMusicClient({
      apiUrl: config.yandexMusicApiUrl,
      requestTimeoutMs: timings.requestTimeoutMs,
      allowLoopbackDownloads: config.yandexMusicAllowLoopbackDownloads,
    });
    const jobKind = `yandex-import:${nodeId}`;
    const parts = {
      client,
      nodeId,
      jobKind,
      timings,
      tokens: new TokenKeeper(timings.tokenTtlMs),
      downloads: new ActiveDownloads(),
    };
    const holder: HolderDeps = {
      db: app.database.db,
      runtime: parts,
      publish: (topics) => app.topics.publish(topics),
      log: app.log,
    };
    const changed = (payload: ImportJobPayload) =>
      void app.topics.publish([TOPICS.imports(asUserId(payload.userId))]);
    const handler = importTrackJob({
      db: app.database.db,
      runtime: parts,
      processing: {
        storage: app.tracksRuntime.storage,
        uploadFiles: app.tracksRuntime.uploadFiles,
        ffmpeg: app.tracksRuntime.ffmpeg.path,
        log: app.log,
        maxAudioFileSize: config.maxAudioFileSize,
      },
      maxAudioFileSize: config.maxAudioFileSize,
      changed,
    });
    const queue = new JobQueue(app.database.db, { [jobKind]: handler }, app.log, {
      concurrency: timings.concurrency,
      maxAttempts: timings.maxAttempts,
      onSettled: (_kind, payload) =>
        void settleImport(holder, payload as ImportJobPayload).catch((err: unknown) =>
          app.log.error({ err }, 'could not settle an import'),
        ),
    });
    const runtime: YandexMusicRuntime = { ...parts, queue };
    app.decorate('yandexMusicRuntime', runtime);
    let stopTending = () => {};
    app.backgroundWork.add(async () => {
      runtime.queue.start();
      stopTending = startTending(holder);
    });
    app.addHook('onClose', async () => {
      stopTending();
      await runtime.queue.stop();
      runtime.tokens.forgetAll();
      await client.close();
    });
  },
  {
    name: 'yandex-music-runtime',
    dependencies: ['database', 'pubsub', 'tracks-runtime', 'background-work'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    yandexMusicRuntime: YandexMusicRuntime;
  }
}

import fp from 'fastify-plugin';
import { TOPICS, type JobPayloads } from '@music-rooms/domain';
import { YandexMusicClient } from '../services/yandex-music/client';
import { settleImport, startTending, type HolderDeps } from '../services/yandex-music/holder';
import { IMPORT_JOB, importTrackJob } from '../services/yandex-music/import-job';
import { ActiveDownloads, type YandexMusicRuntime } from '../services/yandex-music/runtime';
import { TokenKeeper } from '../services/yandex-music/token-keeper';

/**
 * The streaming-service import on this node: the service's client, the tokens of the imports
 * this process runs (memory only), and the import jobs, in a lane of their own and of a kind
 * only this process claims, since the token they need lives here. Imports of a node that stopped are released by
 * whichever node tends them first (services/yandex-music/holder.ts).
 */
export const yandexMusicRuntimePlugin = fp(
  async (app) => {
    const { config } = app;
    const timings = config.yandexMusic;
    // The import's holder is this node as the job queue names it: one id in rows and logs.
    const nodeId = app.jobs.nodeId;
    const client = new YandexMusicClient({
      apiUrl: config.yandexMusicApiUrl,
      requestTimeoutMs: timings.requestTimeoutMs,
      allowLoopbackDownloads: config.yandexMusicAllowLoopbackDownloads,
    });
    const parts = {
      client,
      nodeId,
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
    const changed = (payload: JobPayloads[typeof IMPORT_JOB]) =>
      void app.topics.publish([TOPICS.imports(payload.userId)]);
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
    app.jobs.register(
      IMPORT_JOB,
      {
        ...handler,
        settled: (payload) =>
          void settleImport(holder, payload).catch((err: unknown) =>
            app.log.error({ err }, 'could not settle an import'),
          ),
      },
      {
        lane: { name: 'imports', slots: timings.concurrency, maxAttempts: timings.maxAttempts },
        thisNodeOnly: true,
      },
    );
    const runtime: YandexMusicRuntime = { ...parts, queue: app.jobs };
    app.decorate('yandexMusicRuntime', runtime);
    let stopTending = () => {};
    app.backgroundWork.add(async () => {
      stopTending = startTending(holder);
    });
    app.addHook('onClose', async () => {
      stopTending();
      runtime.tokens.forgetAll();
      await client.close();
    });
  },
  {
    name: 'yandex-music-runtime',
    dependencies: ['database', 'pubsub', 'jobs-runtime', 'tracks-runtime', 'background-work'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    yandexMusicRuntime: YandexMusicRuntime;
  }
}

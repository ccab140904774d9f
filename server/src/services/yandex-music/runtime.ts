import type { YandexMusicTimings } from '../../config';
import type { JobQueue } from '../jobs/queue';
import type { YandexMusicClient } from './client';
import type { TokenKeeper } from './token-keeper';

/**
 * What this process keeps for the streaming-service import: the client, the tokens of the
 * imports it runs (memory only), its own job queue, and the downloads under way (so a cancel
 * stops them at once).
 */
export type YandexMusicRuntime = {
  client: YandexMusicClient;
  tokens: TokenKeeper;
  /** This process: the imports it holds name it, and only it claims their jobs. */
  nodeId: string;
  /** The node's job queue, where import jobs are of a kind only this process claims. */
  queue: JobQueue;
  timings: YandexMusicTimings;
  downloads: ActiveDownloads;
};

/** The downloads this process runs now, by import item, each with a way to stop it. */
export class ActiveDownloads {
  private readonly running = new Map<string, AbortController>();

  start(itemId: string): AbortController {
    const controller = new AbortController();
    this.running.set(itemId, controller);
    return controller;
  }

  end(itemId: string): void {
    this.running.delete(itemId);
  }

  stop(itemIds: readonly string[]): void {
    for (const id of itemIds) this.running.get(id)?.abort();
  }
}

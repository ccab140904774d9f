import type { FastifyBaseLogger } from 'fastify';
import type { JobKind, JobPayloads, TrackId } from '@music-rooms/domain';
import type { Database } from '../../db';
import { ffmpegTimeLimitMs, longestAudioSeconds, makePlaybackCopy } from '../../media';
import type { Storage } from '../../storage';
import { withScratchFile } from '../../storage/scratch-files';
import type { JobHandler } from '../jobs/handler';
import { findTrack } from './store';
import {
  findPlaybackCopy,
  insertPlaybackCopy,
  queueMissingPlaybackCopies,
  type NewPlaybackCopy,
  type PlaybackCopyRow,
} from './playback-store';

/** The background job that makes a ready track's missing playback copy. */
export const PLAYBACK_COPY_JOB = 'playback-copy' satisfies JobKind;

export type PlaybackCopyDeps = {
  db: Database;
  storage: Storage;
  ffmpeg: string;
  log: FastifyBaseLogger;
};

/** What a copy is made from: a track's audio file on the local disk. */
export type CopySource = {
  trackId: TrackId;
  /** The storage key of that audio (tracks.audio_key). */
  sourceKey: string;
  file: string;
  /** The source's sample rate when known, kept when it is at most 48 kHz. */
  sampleRate: number | null;
  /** Its duration, which sets how long ffmpeg may take over it. */
  seconds: number;
};

/**
 * Encodes a copy and stores it under a key made of the track id and the content hash, so that
 * making the same copy twice writes the same object. Answers the row to record.
 */
export async function storePlaybackCopy(
  deps: Pick<PlaybackCopyDeps, 'storage' | 'ffmpeg'>,
  source: CopySource,
  signal?: AbortSignal,
): Promise<NewPlaybackCopy> {
  return withScratchFile('copy', 'copy.flac', async (output) => {
    const copy = await makePlaybackCopy(deps.ffmpeg, source.file, output, {
      sourceRate: source.sampleRate,
      signal,
      timeLimitMs: ffmpegTimeLimitMs(source.seconds),
    });
    const version = copy.sha256.slice(0, 16);
    const storageKey = `playback/${source.trackId}-${version}.flac`;
    await deps.storage.putFile(storageKey, output, 'audio/flac');
    return {
      trackId: source.trackId,
      storageKey,
      sourceKey: source.sourceKey,
      version,
      sampleRate: copy.sampleRate,
      channels: copy.channels,
      totalSamples: copy.totalSamples,
      sizeBytes: copy.sizeBytes,
      headerBase64: Buffer.from(copy.header).toString('base64'),
      segments: copy.segments,
    };
  });
}

/**
 * Makes the copies of tracks that have none (tracks older than copies, or whose copy failed
 * while they were processed): in a background job queued at start for each, or at once when
 * the player asks for one. On one node, one making per track at a time, whoever asks.
 */
export class PlaybackCopies {
  private readonly flights = new Map<TrackId, Promise<PlaybackCopyRow | null>>();
  private readonly abort = new AbortController();

  constructor(private readonly deps: PlaybackCopyDeps) {}

  /** The track's copy, made now if it has none; null when the track has no audio to copy. */
  ensure(trackId: TrackId): Promise<PlaybackCopyRow | null> {
    const flying = this.flights.get(trackId);
    if (flying) return flying;
    const flight = this.make(trackId)
      .catch((err: unknown) => {
        this.deps.log.warn({ err, trackId }, 'could not make a playback copy');
        throw err;
      })
      .finally(() => this.flights.delete(trackId));
    this.flights.set(trackId, flight);
    return flight;
  }

  /** The job handler: a failed making is retried by the queue; giving up records nothing. */
  job(): JobHandler<JobPayloads['playback-copy']> {
    return {
      run: async ({ trackId }) => {
        await this.ensure(trackId);
        return async () => {};
      },
      giveUp: async () => {},
    };
  }

  /** Queues a background job for each ready track without a copy (every node, at start). */
  async queueMissing(): Promise<void> {
    const queued = await queueMissingPlaybackCopies(this.deps.db, PLAYBACK_COPY_JOB);
    if (queued > 0) this.deps.log.info({ queued }, 'queued playback copies of older tracks');
  }

  /** Stops the makings under way (the app is closing). */
  close(): void {
    this.abort.abort();
  }

  private async make(trackId: TrackId): Promise<PlaybackCopyRow | null> {
    const { db, storage } = this.deps;
    const existing = await findPlaybackCopy(db, trackId);
    if (existing) return existing;
    const track = await findTrack(db, trackId);
    if (!track || track.status !== 'ready' || !track.audioKey) return null;
    const made = await this.fromStoredAudio({
      trackId,
      sourceKey: track.audioKey,
      sampleRate: track.sampleRate,
      // A track whose duration was never found gets the time of the most its size could hold.
      seconds:
        track.durationMs > 0 ? track.durationMs / 1000 : longestAudioSeconds(track.sizeBytes),
    });
    if (await insertPlaybackCopy(db, made)) return findPlaybackCopy(db, trackId);
    // Not recorded: the track went or got other audio meanwhile, or another node recorded one.
    const recorded = await findPlaybackCopy(db, trackId);
    if (recorded?.storageKey !== made.storageKey) {
      await storage.remove(made.storageKey).catch(() => undefined);
    }
    return recorded;
  }

  private async fromStoredAudio(source: Omit<CopySource, 'file'>) {
    return withScratchFile('source', 'audio', async (file) => {
      await this.deps.storage.download(source.sourceKey, file);
      return storePlaybackCopy(this.deps, { ...source, file }, this.abort.signal);
    });
  }
}

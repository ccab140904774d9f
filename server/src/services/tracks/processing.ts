import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  TRACK_ERRORS,
  TRACK_LIMITS,
  parseTrackFilename,
  type JobPayloads,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import {
  analyseAudio,
  AUDIO_MIME,
  ffmpegTimeLimitMs,
  longestAudioSeconds,
  readAudioTags,
  sniffAudioFile,
  streamHeaderFault,
  toCoverWebp,
  type AudioTags,
} from '../../media';
import type { Storage } from '../../storage';
import { fileChunks, fileSize } from '../../storage/scratch-files';
import type { UploadFiles } from '../../storage/upload-files';
import { PermanentJobError, type JobHandler } from '../jobs/handler';
import { storePlaybackCopy, type CopySource } from './playback-copies';
import { insertPlaybackCopy, type NewPlaybackCopy } from './playback-store';
import { findDuplicateTrack, findTrack, updateTrackRow, type NewTrack } from './store';
import { removeStoredFiles, type StoredFiles } from './stored-files';
import { watchTrackRemoval } from './removal-watch';
import { findUpload, updateUpload } from './upload-store';

export type ProcessingDeps = {
  storage: Storage;
  uploadFiles: UploadFiles;
  ffmpeg: string;
  log: FastifyBaseLogger;
  /** MAX_AUDIO_FILE_SIZE: no header may claim more audio than a file this large holds. */
  maxAudioFileSize: number;
};

type Payload = JobPayloads['process-audio'];
export type Processed = { track: Partial<NewTrack>; copy: NewPlaybackCopy | null };

/** The files a processed track stored: its audio, covers and playback copy. */
export function storedFilesOf({ track, copy }: Processed): StoredFiles {
  return {
    audioKey: track.audioKey ?? null,
    coverKey: track.coverKey ?? null,
    embeddedCoverKey: track.embeddedCoverKey ?? null,
    playbackKey: copy?.storageKey ?? null,
  };
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fileChunks(file)) hash.update(chunk);
  return hash.digest('hex');
}

const readTags = (file: string): Promise<AudioTags | null> => readAudioTags(file).catch(() => null);

/**
 * The tags of a file whose header is fit to decode: a crafted one (a sample rate of 1 Hz, 200
 * channels, days of audio) makes a decoder take gigabytes and minutes, so it is refused unread.
 */
async function checkedTags(deps: ProcessingDeps, file: string): Promise<AudioTags> {
  const tags = await readTags(file);
  const header = tags ?? { sampleRate: null, channels: null, durationSeconds: null };
  const fault = streamHeaderFault(header, deps.maxAudioFileSize);
  if (!tags || fault) {
    throw new PermanentJobError(TRACK_ERRORS.unsupportedFormat, `refused: ${fault}`);
  }
  return tags;
}

async function embeddedCover(tags: AudioTags): Promise<Buffer | null> {
  if (!tags.picture) return null;
  return toCoverWebp(tags.picture.data).catch(() => null);
}

/**
 * The playback copy of a new track. Without one the track is still ready: the copy is made
 * when the player first asks for it, or by the background job queued at the next start.
 */
async function playbackCopyOf(deps: ProcessingDeps, source: CopySource, signal: AbortSignal) {
  return storePlaybackCopy(deps, source, signal).catch((err: unknown) => {
    if (signal.aborted) throw err;
    deps.log.warn({ err, trackId: source.trackId }, 'could not make a playback copy');
    return null;
  });
}

/**
 * How long a track plays: what the decoder got out of it, the playback copy's samples when
 * there is one. A header's figure may lie (a file cut short keeps the length it was meant to
 * have), and the player can only ever play what decodes.
 */
function playableSeconds(copy: NewPlaybackCopy | null, decodedSeconds: number): number {
  if (copy && copy.sampleRate > 0 && copy.totalSamples > 0) {
    return copy.totalSamples / copy.sampleRate;
  }
  return decodedSeconds;
}

/**
 * Stores a track's files; when that is cut short (its track or room was removed meanwhile),
 * removes what it stored, which no row will ever name.
 */
async function storedUnlessStopped<T>(
  deps: ProcessingDeps,
  files: StoredFiles,
  store: () => Promise<T>,
): Promise<T> {
  try {
    return await store();
  } catch (err) {
    await removeStoredFiles(deps, [files]);
    throw err;
  }
}

/** Reads, measures and stores one uploaded file; the track row is written by the commit. */
export async function processFile(
  deps: ProcessingDeps,
  payload: Pick<Payload, 'trackId'>,
  file: string,
  fileName: string,
  signal: AbortSignal,
): Promise<Processed> {
  const format = await sniffAudioFile(file);
  if (!format) {
    throw new PermanentJobError(TRACK_ERRORS.unsupportedFormat, 'not audio in a supported format');
  }
  const tags = await checkedTags(deps, file);
  const size = await fileSize(file);
  const bounds = {
    signal,
    timeLimitMs: ffmpegTimeLimitMs(tags.durationSeconds ?? longestAudioSeconds(size)),
  };
  const analysis = await analyseAudio(deps.ffmpeg, file, bounds).catch((err: unknown) => {
    if (signal.aborted) throw err;
    return null;
  });
  if (!analysis || analysis.decodedSeconds <= 0) {
    throw new PermanentJobError(TRACK_ERRORS.processingFailed, 'no audio could be decoded');
  }
  const parsed = parseTrackFilename(fileName);
  const cover = await embeddedCover(tags);
  const audioKey = `audio/${payload.trackId}`;
  const coverKey = cover ? `covers/${payload.trackId}-embedded.webp` : null;
  // ffmpeg's time limit: the longer of what the header claims and what was decoded.
  const limitSeconds = Math.max(tags.durationSeconds ?? 0, analysis.decodedSeconds);
  const sampleRate = tags.sampleRate;
  const source = { trackId: payload.trackId, sourceKey: audioKey, file, sampleRate };
  const stored = { audioKey, coverKey, embeddedCoverKey: coverKey, playbackKey: null };
  const copy = await storedUnlessStopped(deps, stored, async () => {
    await deps.storage.putFile(audioKey, file, AUDIO_MIME[format]);
    if (cover && coverKey) await deps.storage.putBuffer(coverKey, cover, 'image/webp');
    return playbackCopyOf(deps, { ...source, seconds: limitSeconds }, signal);
  });
  const seconds = playableSeconds(copy, analysis.decodedSeconds);
  const track = {
    title: tags.title ?? parsed.title,
    artist: tags.artist ?? parsed.artist,
    album: tags.album ?? null,
    year: tags.year ?? null,
    genre: tags.genre ?? null,
    isrc: tags.isrc ?? null,
    durationMs: Math.round(seconds * 1000),
    sizeBytes: size,
    format,
    mime: AUDIO_MIME[format],
    bitrate: tags.bitrate ?? null,
    sampleRate,
    contentHash: await sha256(file),
    loudnessLufs: analysis.loudnessLufs,
    truePeakDb: analysis.truePeakDb,
    waveform: Buffer.from(analysis.peaks).toString('base64'),
    audioKey,
    coverKey,
    embeddedCoverKey: coverKey,
    coverVersion: coverKey ? Date.now() : null,
  } satisfies Partial<NewTrack>;
  return { track, copy };
}

/**
 * Writes the result: the track becomes ready, or waits for its uploader's choice when the room
 * already holds the same content, or the same artist and title with a duration within 2 s.
 */
async function commitResult(
  deps: ProcessingDeps,
  tx: Database,
  payload: Payload,
  processed: Processed,
) {
  const { track: result, copy } = processed;
  const track = await findTrack(tx, payload.trackId);
  // Removed while it was processed (the room, say): no row will ever name what it stored.
  if (!track) return removeStoredFiles(deps, [storedFilesOf(processed)]);
  const duplicate = await findDuplicateTrack(tx, {
    roomId: track.roomId,
    excludeId: track.id,
    contentHash: result.contentHash!,
    artist: result.artist ?? null,
    title: result.title!,
    durationMs: result.durationMs!,
    toleranceMs: TRACK_LIMITS.duplicateDurationToleranceMs,
  });
  await updateTrackRow(tx, track.id, { ...result, status: duplicate ? 'processing' : 'ready' });
  if (copy) await insertPlaybackCopy(tx, copy);
  await updateUpload(
    tx,
    payload.uploadId,
    duplicate ? { status: 'duplicate', duplicateOf: duplicate.id } : { status: 'ready' },
  );
}

/** The job that turns an uploaded file into a ready track (design §5). */
export function processAudioJob(deps: ProcessingDeps, db: Database): JobHandler<Payload> {
  return {
    async run(payload, { signal }) {
      const upload = await findUpload(db, payload.uploadId);
      if (!upload || upload.status !== 'processing') return async () => {};
      const local = await deps.uploadFiles.localFile(payload.uploadId);
      const removal = watchTrackRemoval(db, payload.trackId, signal);
      try {
        const result = await processFile(
          deps,
          payload,
          local.path,
          upload.fileName,
          removal.signal,
        );
        return (tx) => commitResult(deps, tx, payload, result);
      } catch (err) {
        // Its track is gone: the job is over, with nothing to write.
        if (removal.removed()) return async () => {};
        throw err;
      } finally {
        removal.stop();
        await local.release();
      }
    },
    async giveUp(tx, payload, error) {
      const key = error instanceof PermanentJobError ? error.key : TRACK_ERRORS.processingFailed;
      await updateTrackRow(tx, payload.trackId, { status: 'failed', failure: key });
      await updateUpload(tx, payload.uploadId, { status: 'failed', failure: key });
    },
  };
}

import { DomainError, LIMITS, TRACK_ERRORS } from '@music-rooms/domain';

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;
const gigabytes = (bytes: number) => Math.round((bytes / 1024 ** 3) * 10) / 10;

/**
 * The track rules that refuse a call: domain errors with a stable code and the TRACK_ERRORS key
 * the client translates. Room access refusals come from roomErrors (authorizeRoom).
 */
export const trackErrors = {
  notFound: () => new DomainError('not_found', TRACK_ERRORS.notFound),
  playlistNotFound: () => new DomainError('not_found', TRACK_ERRORS.playlistNotFound),
  defaultPlaylist: () => new DomainError('conflict', TRACK_ERRORS.defaultPlaylist),
  uploadNotFound: () => new DomainError('not_found', TRACK_ERRORS.uploadNotFound),
  notADuplicate: () => new DomainError('conflict', TRACK_ERRORS.notADuplicate),
  reorderMismatch: () => new DomainError('conflict', TRACK_ERRORS.reorderMismatch),
  /** Some of the tracks are in the playlist already: nothing is added. */
  alreadyInPlaylist: (playlist: string) =>
    new DomainError('conflict', TRACK_ERRORS.alreadyInPlaylist, { playlist }),
  /** A track leaves the default playlist only by being deleted. */
  defaultPlaylistEntry: () => new DomainError('conflict', TRACK_ERRORS.defaultPlaylistEntry),
  /** A track named for a playlist of another room. */
  otherRoomTrack: () => new DomainError('invalid_args', TRACK_ERRORS.otherRoomTrack),
  /** The removal's undo window has closed, or it was already undone. */
  undoExpired: () => new DomainError('conflict', TRACK_ERRORS.undoExpired),
  fileTooLarge: (maxBytes: number) =>
    new DomainError('too_large', TRACK_ERRORS.fileTooLarge, { maxMb: megabytes(maxBytes) }),
  imageTooLarge: () =>
    new DomainError('too_large', TRACK_ERRORS.imageTooLarge, {
      maxMb: megabytes(LIMITS.trackCover.maxBytes),
    }),
  /** Too many of the caller's uploads are unfinished. */
  tooManyUploads: (max: number) =>
    new DomainError('rate_limited', TRACK_ERRORS.tooManyUploads, { max }),
  /** The caller's unfinished uploads would add up to more than they may have on their way. */
  uploadBytesInProgress: (maxBytes: number) =>
    new DomainError('too_large', TRACK_ERRORS.uploadBytesInProgress, {
      maxMb: megabytes(maxBytes),
    }),
  /** The caller started too many uploads lately. */
  uploadsTooFast: (retryAfterMs: number) =>
    new DomainError('rate_limited', TRACK_ERRORS.uploadsTooFast, {
      retryAfterMs,
      minutes: Math.max(1, Math.ceil(retryAfterMs / 60_000)),
    }),
  /** The room's tracks and uploads would take more than its quota. */
  roomStorageFull: (quotaBytes: number) =>
    new DomainError('insufficient_storage', TRACK_ERRORS.roomStorageFull, {
      quotaGb: gigabytes(quotaBytes),
    }),
  /** The upload's bytes could not be stored or read back (the disk or the bucket failed). */
  storageUnavailable: () => new DomainError('storage_unavailable', TRACK_ERRORS.storageUnavailable),
  imageUploadFailed: () => new DomainError('invalid_args', TRACK_ERRORS.imageUploadFailed),
  coverNotFound: () => new DomainError('not_found', TRACK_ERRORS.coverNotFound),
  /** The playback copy asked for (by its version) was replaced: fetch the manifest again. */
  playbackChanged: () => new DomainError('not_found', TRACK_ERRORS.playbackChanged),
  /** No playback copy could be made of the track's audio. */
  playbackFailed: () => new DomainError('not_found', TRACK_ERRORS.processingFailed),
} as const;

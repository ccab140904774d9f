import type { PlaylistId, RoomId, TrackId, UserId } from './ids';

/**
 * Tracks and playlists (spec §3 Track, Playlist stats; §4 Track, Upload, Removal): the shapes
 * both sides use, the sort orders of §9 and the messages of §8 "Tracks".
 */

/** processing → ready, or failed with a reason (the uploader sees why). */
export const TRACK_STATUSES = ['processing', 'ready', 'failed'] as const;
export type TrackStatus = (typeof TRACK_STATUSES)[number];

/** A user's upload, or an import from the streaming service. */
export const TRACK_SOURCES = ['upload', 'yandexMusic'] as const;
export type TrackSource = (typeof TRACK_SOURCES)[number];

/**
 * The sort orders of §9: upload date (newest, oldest), title (alphabetical, reverse), file size
 * (largest, smallest), duration (longest, shortest), release date, and the manual order.
 */
export const TRACK_SORTS = [
  'manual',
  'newest',
  'oldest',
  'alphabetical',
  'reverseAlphabetical',
  'largest',
  'smallest',
  'longest',
  'shortest',
  'releaseDate',
] as const;
export type TrackSort = (typeof TRACK_SORTS)[number];

export const TRACK_LIMITS = {
  title: { min: 1, max: 200 },
  artistMax: 200,
  albumMax: 200,
  genreMax: 100,
  year: { min: 1000, max: 2999 },
  searchMax: 100,
  playlistNameMax: 50,
  /** Tracks a batch edit or a batch removal takes at once. */
  batchMax: 500,
  /** An upload whose artist and title match a track's counts as a duplicate within this. */
  duplicateDurationToleranceMs: 2000,
} as const;

/** Who uploaded a track, as the list shows them. */
export type TrackUploader = { _id: UserId; name: string; username: string };

/** A track as every viewer of its room sees it in the list. */
export type TrackSummary = {
  _id: TrackId;
  roomId: RoomId;
  /** The playlists of its room the track is in (at least one; each holds it once). */
  playlistIds: PlaylistId[];
  title: string;
  artist: string | null;
  album: string | null;
  year: number | null;
  genre: string | null;
  durationMs: number;
  sizeBytes: number;
  status: TrackStatus;
  /** The key of the reason a track failed (`tracks.errors.*`). */
  failure: string | null;
  source: TrackSource;
  /** Changes when the cover does, so the browser fetches the new one. */
  coverVersion: number | null;
  uploadedBy: TrackUploader | null;
  /** Milliseconds since the epoch. */
  uploadedAt: number;
  loudnessLufs: number | null;
};

/** What only super administrators see (spec §3). */
export type TrackExternalIds = {
  isrc: string | null;
  spotifyId: string | null;
  serviceTrackId: string | null;
  artistExternalIds: Record<string, string>;
};

/** The track info panel: the summary, the waveform and the file's facts. */
export type TrackDetails = TrackSummary & {
  /** About a thousand peaks, 0…255. */
  waveform: number[];
  format: string | null;
  bitrate: number | null;
  sampleRate: number | null;
  originalFileName: string | null;
  /** The file carries a cover of its own, so editors may go back to it. */
  hasFileCover: boolean;
  /** The cover shown is the file's own: going back to it would change nothing. */
  coverIsFileCover: boolean;
  external: TrackExternalIds | null;
};

export type PlaylistStats = { count: number; totalDurationMs: number; totalSizeBytes: number };

export type PlaylistSummary = {
  _id: PlaylistId;
  roomId: RoomId;
  name: string;
  isDefault: boolean;
  trackCount: number;
};

export type TrackListResult = { tracks: TrackSummary[]; stats: PlaylistStats };

/**
 * A removal of tracks may be undone for this long (spec §2 Removal): the toast offers Undo for
 * `TRACK_UNDO_TOAST_MS`, and the server keeps the tracks' files somewhat longer, so a click at
 * the toast's last moment still arrives in time.
 */
export const TRACK_UNDO_TOAST_MS = 8_000;
export const TRACK_UNDO_WINDOW_MS = 30_000;

/**
 * The tags the person who uploaded a track may fix on it themselves, without the room's right
 * to manage its music (editors and above may change every tag).
 */
export const UPLOADER_TAGS = ['title', 'artist', 'album', 'year'] as const;

/** Whether a track counts as NEW (§9: for 10 days after upload). */
export function isNewTrack(uploadedAt: number, now: number, newBadgeDays: number): boolean {
  return now - uploadedAt < newBadgeDays * 24 * 60 * 60 * 1000;
}

export const TRACK_ERRORS = {
  notFound: 'tracks.errors.notFound',
  playlistNotFound: 'tracks.errors.playlistNotFound',
  defaultPlaylist: 'tracks.errors.defaultPlaylist',
  updateFailed: 'tracks.errors.updateFailed',
  imageUploadFailed: 'tracks.errors.imageUploadFailed',
  imageTooLarge: 'tracks.errors.imageTooLarge',
  audioUploadFailed: 'tracks.errors.audioUploadFailed',
  uploadFailed: 'tracks.errors.uploadFailed',
  fileTooLarge: 'tracks.errors.fileTooLarge',
  unsupportedFormat: 'tracks.errors.unsupportedFormat',
  processingFailed: 'tracks.errors.processingFailed',
  coverNotFound: 'tracks.errors.coverNotFound',
  durationRefreshFailed: 'tracks.errors.durationRefreshFailed',
  uploadNotFound: 'tracks.errors.uploadNotFound',
  notADuplicate: 'tracks.errors.notADuplicate',
  reorderMismatch: 'tracks.errors.reorderMismatch',
  playbackChanged: 'tracks.errors.playbackChanged',
  tooManyUploads: 'tracks.errors.tooManyUploads',
  uploadBytesInProgress: 'tracks.errors.uploadBytesInProgress',
  uploadsTooFast: 'tracks.errors.uploadsTooFast',
  roomStorageFull: 'tracks.errors.roomStorageFull',
  storageUnavailable: 'tracks.errors.storageUnavailable',
  trackRemoved: 'tracks.errors.trackRemoved',
  undoExpired: 'tracks.errors.undoExpired',
  alreadyInPlaylist: 'tracks.errors.alreadyInPlaylist',
  defaultPlaylistEntry: 'tracks.errors.defaultPlaylistEntry',
  otherRoomTrack: 'tracks.errors.otherRoomTrack',
} as const;
export type TrackErrorKey = (typeof TRACK_ERRORS)[keyof typeof TRACK_ERRORS];

export const TRACK_ERROR_TEXT: Record<TrackErrorKey, string> = {
  'tracks.errors.notFound': 'Track not found',
  'tracks.errors.playlistNotFound': 'Playlist not found',
  'tracks.errors.defaultPlaylist': 'The main playlist of a room cannot be removed',
  'tracks.errors.updateFailed': 'Failed to update the track',
  'tracks.errors.imageUploadFailed': 'Failed to upload the image',
  'tracks.errors.imageTooLarge': 'The image is too large. Maximum {{maxMb}} MB',
  'tracks.errors.audioUploadFailed': 'Audio upload failed',
  'tracks.errors.uploadFailed': 'Upload failed',
  'tracks.errors.fileTooLarge': 'The file is too large. Maximum {{maxMb}} MB',
  'tracks.errors.unsupportedFormat':
    'This file is not audio in a supported format (MP3, WAV, FLAC, AAC, OGG)',
  'tracks.errors.processingFailed': 'Failed to process audio',
  'tracks.errors.coverNotFound': 'The file has no cover, or it could not be extracted',
  'tracks.errors.durationRefreshFailed':
    'Failed to refresh durations: {{fixed}} of {{total}} fixed. Check console',
  'tracks.errors.uploadNotFound': 'Upload not found',
  'tracks.errors.notADuplicate': 'This upload is not waiting for a choice',
  'tracks.errors.reorderMismatch': 'The playlist changed meanwhile; reload it and try again',
  'tracks.errors.playbackChanged': "The track's audio changed; load it again",
  'tracks.errors.tooManyUploads':
    'Too many uploads in progress: at most {{max}} at a time. Wait for some to finish',
  'tracks.errors.uploadBytesInProgress':
    'Uploads in progress may add up to {{maxMb}} MB at most. Wait for some to finish',
  'tracks.errors.uploadsTooFast':
    'Too many uploads started in a short time. Try again in {{minutes}} min',
  'tracks.errors.roomStorageFull':
    'This room is out of space: its tracks may take up {{quotaGb}} GB in all',
  'tracks.errors.storageUnavailable': 'The server could not store the file. Try again later',
  'tracks.errors.trackRemoved': 'The track was deleted before it was ready',
  'tracks.errors.undoExpired': 'Too late to undo: the deletion is final',
  'tracks.errors.alreadyInPlaylist': 'Already in “{{playlist}}”: nothing was added',
  'tracks.errors.defaultPlaylistEntry':
    'A track leaves the main playlist only when it is deleted from the room',
  'tracks.errors.otherRoomTrack': 'A track can only go into a playlist of its own room',
};

export type UploadStatus =
  'uploading' | 'processing' | 'duplicate' | 'ready' | 'failed' | 'skipped' | 'cancelled';

/** One upload as its uploader follows it: bytes, processing, a duplicate to decide on. */
export type UploadView = {
  uploadId: string;
  roomId: RoomId;
  playlistId: PlaylistId | null;
  fileName: string;
  sizeBytes: number;
  status: UploadStatus;
  failure: string | null;
  trackId: TrackId | null;
  /** The track of the room this upload matches, while the uploader decides. */
  duplicateOf: TrackSummary | null;
  createdAt: number;
};

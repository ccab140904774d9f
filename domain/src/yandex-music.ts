import type { PlaylistId, RoomId, TrackId } from './ids';

/**
 * The import from the streaming service (spec §1, §2 Import modal, §4 Streaming-service
 * download, §5, §7 streaming-service flows, §8 Streaming service): the shapes both sides use,
 * the limits of an import, and the messages with their English text.
 */

export const YANDEX_MUSIC_LIMITS = {
  /** A token is 20 to 512 characters of letters, digits, `_`, `-` and `.` (spec §5). */
  token: { min: 20, max: 512 },
  urlMax: 2000,
  searchMax: 100,
  /** Tracks one import takes (a playlist of 200 fits with room to spare). */
  importMax: 500,
  /**
   * A downloaded file under this many bytes is an error page or a preview, not a track (§5);
   * so is one under half the size its bitrate and duration call for (a 30-second preview).
   */
  tooSmallBytes: 32 * 1024,
  tooSmallShare: 0.5,
  /** Search results answered at once. */
  searchResults: 20,
} as const;

/** Whether a track may be downloaded with the token's account. */
export const TRACK_AVAILABILITIES = ['available', 'premium', 'unavailable'] as const;
export type TrackAvailability = (typeof TRACK_AVAILABILITIES)[number];

/** One track of the service as the preview and the search list show it. */
export type ServiceTrack = {
  /** The service's track id (digits). */
  id: string;
  title: string;
  /** The artists' names, joined for display. */
  artists: string;
  album: string | null;
  durationMs: number;
  availability: TrackAvailability;
};

/** The account a token belongs to. */
export type ServiceAccount = { login: string | null; name: string | null; hasPlus: boolean };

/**
 * `yandexMusic.validateToken`: the account the token belongs to, and the title of a track the
 * account can read (§8 success): one of its liked tracks, else a search's first; null when the
 * account reads none (the token is valid all the same).
 */
export type TokenCheck = { account: ServiceAccount; testTrackTitle: string | null };

/** One of the account's own playlists; `url` is its link, for `yandexMusic.resolve`. */
export type ServicePlaylistSummary = { title: string; trackCount: number; url: string };

/** `yandexMusic.library`: what the token's account keeps: its liked tracks and playlists. */
export type ServiceLibrary = { likedCount: number; playlists: ServicePlaylistSummary[] };

export const SERVICE_LINK_KINDS = ['track', 'album', 'playlist'] as const;
export type ServiceLinkKind = (typeof SERVICE_LINK_KINDS)[number];

/** `yandexMusic.resolve`: what a link points to, with each of its tracks (`liked`: the likes). */
export type ResolvedLink = {
  kind: ServiceLinkKind | 'liked';
  title: string;
  /** A small cover as a data: URL (the page loads no image from the service itself). */
  cover: string | null;
  trackCount: number;
  tracks: ServiceTrack[];
};

export type ServiceSearchResult = { total: number; tracks: ServiceTrack[] };

/**
 * One track of an import: queued → downloading → processing → ready, or failed with a reason
 * (retry puts it back in the queue); duplicate when the room already holds the service's track.
 */
export const IMPORT_ITEM_STATUSES = [
  'queued',
  'downloading',
  'processing',
  'ready',
  'failed',
  'duplicate',
  'cancelled',
] as const;
export type ImportItemStatus = (typeof IMPORT_ITEM_STATUSES)[number];

/** Items whose work is still to be done on the server. */
export const ACTIVE_ITEM_STATUSES: readonly ImportItemStatus[] = [
  'queued',
  'downloading',
  'processing',
];

export type ImportStatus = 'active' | 'finished' | 'cancelled';

export type ImportItemView = {
  itemId: string;
  serviceTrackId: string;
  title: string;
  artists: string;
  durationMs: number;
  status: ImportItemStatus;
  /** The key of the reason it failed (`yandexMusic.errors.*`, `tracks.errors.*`). */
  failure: string | null;
  /** What the reason's message names (status and text, size in KB, content type). */
  failureData: Record<string, string | number>;
  bytesDone: number;
  bytesTotal: number | null;
  trackId: TrackId | null;
};

/** `yandexMusic.importStatus`: one import with the progress of each track. */
export type ImportView = {
  importId: string;
  roomId: RoomId;
  playlistId: PlaylistId;
  title: string | null;
  status: ImportStatus;
  createdAt: number;
  items: ImportItemView[];
};

export const YANDEX_MUSIC_ERRORS = {
  playlistNotFound: 'yandexMusic.errors.playlistNotFound',
  playlistLoadFailed: 'yandexMusic.errors.playlistLoadFailed',
  tokenFormatInvalid: 'yandexMusic.errors.tokenFormatInvalid',
  tokenValidationFailed: 'yandexMusic.errors.tokenValidationFailed',
  enterTokenFirst: 'yandexMusic.errors.enterTokenFirst',
  tokenInvalid: 'yandexMusic.errors.tokenInvalid',
  trackNotFound: 'yandexMusic.errors.trackNotFound',
  invalidUrl: 'yandexMusic.errors.invalidUrl',
  searchFailed: 'yandexMusic.errors.searchFailed',
  downloadInfoFailed: 'yandexMusic.errors.downloadInfoFailed',
  authFailed: 'yandexMusic.errors.authFailed',
  unavailable: 'yandexMusic.errors.unavailable',
  premiumRequired: 'yandexMusic.errors.premiumRequired',
  prepareFailed: 'yandexMusic.errors.prepareFailed',
  downloadFailed: 'yandexMusic.errors.downloadFailed',
  fileTooSmall: 'yandexMusic.errors.fileTooSmall',
  unexpectedContentType: 'yandexMusic.errors.unexpectedContentType',
  networkError: 'yandexMusic.errors.networkError',
  linkExpired: 'yandexMusic.errors.linkExpired',
  downloadProcessingFailed: 'yandexMusic.errors.downloadProcessingFailed',
  localDownloadFailed: 'yandexMusic.errors.localDownloadFailed',
  someTracksFailed: 'yandexMusic.errors.someTracksFailed',
  addToRoomFailed: 'yandexMusic.errors.addToRoomFailed',
  tokenNeeded: 'yandexMusic.errors.tokenNeeded',
  importNotFound: 'yandexMusic.errors.importNotFound',
} as const;
export type YandexMusicErrorKey = (typeof YANDEX_MUSIC_ERRORS)[keyof typeof YANDEX_MUSIC_ERRORS];

export const YANDEX_MUSIC_ERROR_TEXT: Record<YandexMusicErrorKey, string> = {
  'yandexMusic.errors.playlistNotFound': 'Playlist not found. Check the URL',
  'yandexMusic.errors.playlistLoadFailed': 'Failed to load the playlist',
  'yandexMusic.errors.tokenFormatInvalid': 'Invalid token format',
  'yandexMusic.errors.tokenValidationFailed': 'Token validation failed',
  'yandexMusic.errors.enterTokenFirst': 'Enter the token first',
  'yandexMusic.errors.tokenInvalid': 'The token is invalid or expired',
  'yandexMusic.errors.trackNotFound': 'Track not found',
  'yandexMusic.errors.invalidUrl':
    'Invalid URL: paste a link to a Yandex Music track, album or playlist',
  'yandexMusic.errors.searchFailed': 'Search failed',
  'yandexMusic.errors.downloadInfoFailed': 'Failed to get the download info',
  'yandexMusic.errors.authFailed': 'Token authorization failed',
  'yandexMusic.errors.unavailable': 'The track is unavailable for download (maybe no access)',
  'yandexMusic.errors.premiumRequired': 'This track needs a premium subscription',
  'yandexMusic.errors.prepareFailed': 'Failed to prepare the download',
  'yandexMusic.errors.downloadFailed': 'Download failed: {{status}} {{statusText}}',
  'yandexMusic.errors.fileTooSmall':
    'The file is too small ({{sizeKb}} KB): probably an error response or a preview',
  'yandexMusic.errors.unexpectedContentType': 'Unexpected content type: {{contentType}}',
  'yandexMusic.errors.networkError': 'Network error. Check the connection',
  'yandexMusic.errors.linkExpired': 'The download link may have expired',
  'yandexMusic.errors.downloadProcessingFailed': 'Download and processing failed',
  'yandexMusic.errors.localDownloadFailed': 'The server could not save the downloaded file',
  'yandexMusic.errors.someTracksFailed': 'Some tracks failed ({{count}}); continuing with the rest',
  'yandexMusic.errors.addToRoomFailed': 'Failed to add to the room',
  'yandexMusic.errors.tokenNeeded':
    'The server restarted while this track waited: enter the token again and retry',
  'yandexMusic.errors.importNotFound': 'Import not found',
};

/** The success messages of §8. */
export const YANDEX_MUSIC_SUCCESS = {
  tokenValid: 'yandexMusic.success.tokenValid',
  playlistLoaded: 'yandexMusic.success.playlistLoaded',
} as const;

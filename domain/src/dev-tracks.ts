import type { RoomId, TrackId } from './ids';
import type { JobStatus } from './jobs';

/**
 * The track tools of the developer pages (spec §2 /dev/duplicates and /dev/audio-normalize): the
 * rooms' duplicate tracks and their loudness, across every room. A super administrator's only.
 */

export const DEV_TRACK_LIMITS = {
  /** Tracks one resolution may remove (a group larger than this is resolved in parts). */
  resolveMax: 50,
  /** Tracks the loudness page lists at once. */
  loudnessListMax: 100,
  searchMax: 200,
} as const;

/** Where the developer pages fetch a track's audio or cover, whatever its room. */
export const devTrackMediaPath = (id: string, which: 'audio' | 'cover') =>
  `/api/dev/tracks/${encodeURIComponent(id)}/${which}`;

/** A room as the pickers of the tools name it. */
export type DevRoomRef = { id: RoomId; name: string };

/** One copy of a duplicated track. */
export type DevDuplicateTrack = {
  id: TrackId;
  title: string;
  artist: string | null;
  durationMs: number;
  sizeBytes: number;
  format: string | null;
  bitrate: number | null;
  contentHash: string | null;
  /** The cover's version (its address changes with it), or null without a cover. */
  coverVersion: number | null;
  uploadedAt: number;
  uploaderName: string | null;
};

/**
 * Tracks of one room that the upload duplicate rule takes for the same: the same bytes, or the
 * same artist and title with durations within 2 s (each copy is like at least one other).
 */
export type DevDuplicateGroup = {
  room: DevRoomRef;
  /** 'sameContent' when every copy has the same bytes. */
  reason: 'sameContent' | 'sameTags';
  /** Oldest first. */
  tracks: DevDuplicateTrack[];
};

export type DevDuplicates = { rooms: DevRoomRef[]; groups: DevDuplicateGroup[] };

/**
 * How a group is resolved: the kept copy stays; the others are deleted as they are ('delete'),
 * or first give the kept copy what it lacks (album, year, genre, cover, external ids) and what
 * named them (imports) names it ('merge').
 */
export type DevDuplicateResolution = 'delete' | 'merge';

/** A background job run over many tracks, as a page follows it. */
export type DevJobProgress = Record<JobStatus, number> & { total: number };

/** A track's loudness as measured (EBU R128). */
export type DevLoudnessTrack = {
  id: TrackId;
  title: string;
  artist: string | null;
  room: DevRoomRef;
  durationMs: number;
  /** Integrated loudness, or null when never measured or silent. */
  loudnessLufs: number | null;
  /** The highest true peak (dBTP), or null when not measured. */
  truePeakDb: number | null;
  /** A measurement of this track is queued or running. */
  measuring: boolean;
};

export type DevLoudness = {
  tracks: DevLoudnessTrack[];
  /** The last re-measuring started, or null when none is known. */
  progress: DevJobProgress | null;
};

export const DEV_TRACK_ERRORS = {
  notDuplicates: 'devTracks.errors.notDuplicates',
  alreadyRunning: 'devTracks.errors.alreadyRunning',
} as const;
type DevTrackErrorKey = (typeof DEV_TRACK_ERRORS)[keyof typeof DEV_TRACK_ERRORS];

export const DEV_TRACK_ERROR_TEXT: Record<DevTrackErrorKey, string> = {
  'devTracks.errors.notDuplicates':
    'These tracks are not copies of the kept one (another room, or no longer alike)',
  'devTracks.errors.alreadyRunning': 'This work is already running; wait for it to end',
};

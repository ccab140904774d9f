import { asPlaylistId, asRoomId, asTrackId, asUserId } from '@music-rooms/domain/ids';
import { STOPPED } from '@music-rooms/domain/playback';
import type { PlayerView } from '@music-rooms/domain/player';
import type { PublicUser } from '@music-rooms/domain/auth';
import type { RoomDetails, RoomSummary } from '@music-rooms/domain/rooms';
import type { TrackSummary } from '@music-rooms/domain/tracks';

/**
 * What the component demo shows its components with: a room, people and tracks that exist only
 * on that page (names are proper nouns, the same in every language). Nothing of it is sent to
 * the server.
 */

const DAY_MS = 86_400_000;
const roomId = asRoomId('00000000-0000-4000-8000-00000000d001');
const playlistId = asPlaylistId('00000000-0000-4000-8000-00000000d002');

export const demoPeople: readonly PublicUser[] = [
  {
    _id: asUserId('00000000-0000-4000-8000-00000000d101'),
    name: 'Anna Petrova',
    username: 'anna',
    avatar: '#7c6cf0',
  },
  {
    _id: asUserId('00000000-0000-4000-8000-00000000d102'),
    name: 'Lev Orlov',
    username: 'lev',
    avatar: '#e0803a',
  },
  {
    _id: asUserId('00000000-0000-4000-8000-00000000d103'),
    name: 'Mira',
    username: 'mira',
    avatar: '#2fa37a',
  },
];
const [anna] = demoPeople as [PublicUser, ...PublicUser[]];

function track(n: number, title: string, artist: string | null, extra: Partial<TrackSummary> = {}) {
  return {
    _id: asTrackId(`00000000-0000-4000-8000-00000000d2${String(n).padStart(2, '0')}`),
    roomId,
    playlistIds: [playlistId],
    title,
    artist,
    album: null,
    year: null,
    genre: null,
    durationMs: 180_000 + n * 17_000,
    sizeBytes: 6_000_000 + n * 250_000,
    status: 'ready',
    failure: null,
    source: 'upload',
    coverVersion: null,
    uploadedBy: { _id: anna._id, name: anna.name, username: anna.username },
    uploadedAt: Date.now() - 30 * DAY_MS,
    loudnessLufs: -14,
    ...extra,
  } satisfies TrackSummary;
}

/** A track in each state the list shows: playing, new, plain, processing (failed ones leave it). */
export const demoTracks: readonly TrackSummary[] = [
  track(1, 'Группа крови', 'Кино', { album: 'Группа крови', year: 1988 }),
  track(2, 'Midnight City', 'M83', { uploadedAt: Date.now() - DAY_MS, source: 'yandexMusic' }),
  track(3, 'Clair de lune', 'Claude Debussy'),
  track(4, 'new-upload-03.flac', null, { status: 'processing', durationMs: 0 }),
];

export const demoRoomSummary: RoomSummary = {
  _id: roomId,
  name: 'Friday night',
  description: 'Records we play at the end of the week',
  room_url: 'friday-night',
  visibility: 'public',
  hasPassword: true,
  createdAt: Date.now() - 90 * DAY_MS,
  owner: anna._id,
  isFavorite: true,
  activeUsers: 3,
  memberCount: 5,
  myRole: 'owner',
  nowPlaying: {
    trackId: demoTracks[0]!._id,
    title: 'Группа крови',
    artist: 'Кино',
    coverVersion: null,
    playing: true,
  },
};

/** The room as its owner sees it (the owner is host, so the bar asks the server nothing). */
export const demoRoom = (viewerId: string | null): RoomDetails => ({
  ...demoRoomSummary,
  author: viewerId ? { ...anna, _id: asUserId(viewerId) } : anna,
  owner: viewerId ? asUserId(viewerId) : anna._id,
  capabilities: [],
  playbackControl: 'host',
});

/** The player on the first track, 40 s in, playing (or paused) since a moment ago. */
export function demoPlayerView(playing: boolean, hostId: string | null): PlayerView {
  const current = demoTracks[0]!;
  return {
    state: {
      ...STOPPED,
      playlistId,
      trackId: current._id,
      durationMs: current.durationMs,
      positionMs: 40_000,
      atServerMs: Date.now(),
      playing,
    },
    track: current,
    next: demoTracks[1]!,
    hostId: hostId ? asUserId(hostId) : null,
    playbackControl: 'host',
    canControl: true,
    canHandOver: true,
  };
}

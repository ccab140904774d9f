import type {
  SpotifyMatchSaved,
  SpotifyTrack,
  SpotifyTrackMatch,
  TrackId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import type { RequestDeps } from '../deps';
import type { RoomViewer } from '../rooms/access';
import { requireSuperAdmin } from '../accounts/super-admin';
import { findTrack, updateTrackRow, type TrackRow } from '../tracks/store';
import { trackErrors } from '../tracks/errors';
import { spotifyTrack } from './catalog';
import type { SpotifyClient } from './client';
import { findSpotifyMatches } from './match';
import { withInlinePictures } from './pictures';

type Deps = Pick<RequestDeps, 'db' | 'config'> & { spotify: SpotifyClient };

async function trackOf(deps: Deps, trackId: TrackId) {
  const track = await findTrack(deps.db, trackId);
  if (!track) throw trackErrors.notFound();
  return track;
}

/** Spotify's candidates for a room's track (a super administrator's tool). */
export async function findTrackOnSpotify(
  deps: Deps,
  viewer: RoomViewer,
  trackId: TrackId,
): Promise<SpotifyTrackMatch> {
  await requireSuperAdmin(deps, viewer);
  const track = await trackOf(deps, trackId);
  const match = await findSpotifyMatches(deps.spotify, {
    id: track.id,
    title: track.title,
    artist: track.artist,
    durationMs: track.durationMs,
    isrc: track.isrc,
  });
  const pictured = await withInlinePictures(
    deps.spotify,
    match.candidates.map((candidate) => candidate.track),
  );
  const candidates = match.candidates.map((candidate, at) => ({
    ...candidate,
    track: pictured[at]!,
  }));
  return { ...match, candidates };
}

/**
 * Keeps a match on the track (spec §3 super-admin fields): the Spotify id, the ISRC when the
 * track had none, and the artists' Spotify ids beside those of other services.
 */
export async function saveSpotifyMatch(
  db: Database,
  track: TrackRow,
  match: SpotifyTrack,
): Promise<SpotifyMatchSaved> {
  const artistExternalIds = {
    ...track.artistExternalIds,
    spotify: match.artists.map((artist) => artist.id).join(','),
  };
  const isrc = track.isrc ?? match.isrc;
  const saved = await updateTrackRow(db, track.id, {
    spotifyId: match.id,
    isrc,
    artistExternalIds,
  });
  if (!saved) throw trackErrors.notFound();
  return { trackId: saved.id, roomId: saved.roomId, spotifyId: match.id, isrc, artistExternalIds };
}

/** Keeps the match a super administrator confirmed, as Spotify describes that track now. */
export async function confirmSpotifyMatch(
  deps: Deps,
  viewer: RoomViewer,
  args: { trackId: TrackId; spotifyTrackId: string },
): Promise<SpotifyMatchSaved> {
  await requireSuperAdmin(deps, viewer);
  const track = await trackOf(deps, args.trackId);
  return saveSpotifyMatch(deps.db, track, await spotifyTrack(deps.spotify, args.spotifyTrackId));
}

import {
  SPOTIFY_LIMITS,
  type SpotifyArtist,
  type SpotifySearchKind,
  type SpotifySearchPage,
  type SpotifyTrack,
} from '@music-rooms/domain';
import type { SpotifyClient } from './client';
import { spotifyErrors } from './errors';

/** The parts of the Web API's objects this module reads; anything may be missing. */
type WireImage = { url?: string; width?: number | null };
type WireTrack = {
  id?: string;
  name?: string;
  duration_ms?: number;
  artists?: { id?: string; name?: string }[];
  album?: { name?: string; images?: WireImage[] };
  external_ids?: { isrc?: string };
  external_urls?: { spotify?: string };
};
type WireArtist = {
  id?: string;
  name?: string;
  images?: WireImage[];
  followers?: { total?: number | null } | null;
  genres?: string[];
  external_urls?: { spotify?: string };
};
type WirePage<T> = { items?: (T | null)[]; total?: number; offset?: number };
type WireSearch = { tracks?: WirePage<WireTrack>; artists?: WirePage<WireArtist> };

/** The smallest picture at least 64 px wide (lists show them small), else the first. */
function pictureOf(images: WireImage[] | undefined): string | null {
  if (!images?.length) return null;
  const wideEnough = images
    .filter((image) => (image.width ?? 0) >= 64)
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (wideEnough[0] ?? images[0])?.url ?? null;
}

export function trackOf(wire: WireTrack): SpotifyTrack | null {
  if (!wire.id || !wire.name) return null;
  return {
    id: wire.id,
    name: wire.name,
    artists: (wire.artists ?? []).flatMap((artist) =>
      artist.id && artist.name ? [{ id: artist.id, name: artist.name }] : [],
    ),
    album: wire.album?.name ?? '',
    imageUrl: pictureOf(wire.album?.images),
    durationMs: wire.duration_ms ?? 0,
    isrc: wire.external_ids?.isrc?.toUpperCase() ?? null,
    url: wire.external_urls?.spotify ?? null,
  };
}

function artistOf(wire: WireArtist): SpotifyArtist | null {
  if (!wire.id || !wire.name) return null;
  return {
    id: wire.id,
    name: wire.name,
    imageUrl: pictureOf(wire.images),
    // Apps in development mode may get artists without followers or genres.
    followers: wire.followers?.total ?? null,
    genres: wire.genres ?? [],
    url: wire.external_urls?.spotify ?? null,
  };
}

const present = <T>(items: (T | null)[]): T[] => items.filter((item): item is T => item !== null);

/** One page of a search, at most `SPOTIFY_LIMITS.pageSize` results. */
export async function searchSpotify(
  client: SpotifyClient,
  args: { query: string; kind: SpotifySearchKind; offset: number },
): Promise<SpotifySearchPage> {
  if (!client.configured) throw spotifyErrors.notConfigured();
  const answer = await client.get<WireSearch>('/v1/search', {
    q: args.query,
    type: args.kind,
    limit: String(SPOTIFY_LIMITS.pageSize),
    offset: String(args.offset),
  });
  const page = args.kind === 'track' ? answer.tracks : answer.artists;
  const items = (page?.items ?? []).filter((item) => item !== null);
  return {
    kind: args.kind,
    query: args.query,
    offset: page?.offset ?? args.offset,
    total: page?.total ?? 0,
    tracks: args.kind === 'track' ? present((items as WireTrack[]).map(trackOf)) : [],
    artists: args.kind === 'artist' ? present((items as WireArtist[]).map(artistOf)) : [],
  };
}

/** One track by its id (its artists' ids and ISRC with it). */
export async function spotifyTrack(client: SpotifyClient, id: string): Promise<SpotifyTrack> {
  if (!client.configured) throw spotifyErrors.notConfigured();
  const track = trackOf(await client.get<WireTrack>(`/v1/tracks/${encodeURIComponent(id)}`));
  if (!track) throw spotifyErrors.trackNotFound();
  return track;
}

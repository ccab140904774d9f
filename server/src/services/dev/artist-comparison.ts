import {
  DEV_SERVICE_LIMITS,
  type ArtistComparison,
  type ComparedArtist,
} from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { searchSpotify } from '../spotify/catalog';
import type { SpotifyClient } from '../spotify/client';
import { withInlinePictures } from '../spotify/pictures';
import type { YandexMusicClient } from '../yandex-music/client';
import { coverPreview } from '../yandex-music/covers';
import { yandexErrors } from '../yandex-music/errors';
import { storedArtistIds } from './artist-ids-store';
import { recordedTry } from './service-exchanges';

/**
 * /dev/artist-search-comparison: one artist name searched on Spotify (the app's client
 * credentials) and on the streaming service (the token typed in the page), beside the artist
 * ids the rooms' tracks already keep, to see which of the found artists they are.
 */

async function spotifyArtists(spotify: SpotifyClient, name: string): Promise<ComparedArtist[]> {
  const page = await searchSpotify(spotify, { query: name, kind: 'artist', offset: 0 });
  const artists = await withInlinePictures(spotify, page.artists);
  return artists.map((artist) => ({
    id: artist.id,
    name: artist.name,
    picture: artist.imageUrl,
    audience: artist.followers,
    audienceKind: 'followers',
    url: artist.url,
  }));
}

const searchFailures = { notFound: yandexErrors.searchFailed, failed: yandexErrors.searchFailed };

async function serviceArtists(
  client: YandexMusicClient,
  token: string,
  name: string,
): Promise<ComparedArtist[]> {
  const { result } = await client.searchArtists(token, name, searchFailures);
  const found = (result.artists?.results ?? [])
    .filter((artist): artist is typeof artist & { id: string; name: string } =>
      Boolean(artist.id && artist.name),
    )
    .slice(0, DEV_SERVICE_LIMITS.artistsMax);
  return Promise.all(
    found.map(async (artist) => ({
      id: artist.id,
      name: artist.name,
      picture: await coverPreview(client, artist.cover?.uri ?? artist.ogImage),
      audience: artist.likesCount ?? null,
      audienceKind: 'likes' as const,
      url: `https://music.yandex.ru/artist/${encodeURIComponent(artist.id)}`,
    })),
  );
}

export async function compareArtists(
  deps: Pick<RequestDeps, 'db' | 'spotify' | 'yandexMusic'>,
  name: string,
  token: string | null,
): Promise<ArtistComparison> {
  const client = deps.yandexMusic.client;
  const [spotify, yandexMusic, stored] = await Promise.all([
    recordedTry(null, () => spotifyArtists(deps.spotify, name)),
    token
      ? recordedTry(token, (record) => serviceArtists(client.recording(record), token, name))
      : null,
    storedArtistIds(deps.db, name),
  ]);
  return { name, spotify, yandexMusic, stored };
}

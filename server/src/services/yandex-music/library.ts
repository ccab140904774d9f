import {
  YANDEX_MUSIC_LIMITS,
  type ResolvedLink,
  type ServiceLibrary,
  type TokenCheck,
} from '@music-rooms/domain';
import type { Failures, YandexMusicClient } from './client';
import { accountOf } from './catalog';
import { yandexErrors } from './errors';
import { isRealTrack, serviceTrackOf } from './wire';

/**
 * The token's account's own library (its liked tracks and playlists), and the token check that
 * names one of the tracks the account can read. Nothing here is stored.
 */

/** What the check searches for when the account likes nothing (any catalogue answers it). */
const CHECK_SEARCH = 'music';

const library: Failures = {
  notFound: yandexErrors.playlistNotFound,
  failed: yandexErrors.playlistLoadFailed,
};

/** Ids of the account's liked tracks, newest first (an id may carry `:album`). */
async function likedIds(client: YandexMusicClient, token: string, uid: string) {
  const { result } = await client.likedTracks(token, uid, library);
  return result.library.tracks.flatMap((entry) => (entry.id ? [entry.id.split(':')[0]!] : []));
}

/** The title of a track the account reads: its newest liked one, else a search's first. */
async function readableTitle(client: YandexMusicClient, token: string, uid: string) {
  const liked = (await likedIds(client, token, uid)).slice(0, 5);
  const read = liked.length > 0 ? await client.tracks(token, liked, library) : [];
  const found = read.find(isRealTrack);
  if (found) return serviceTrackOf(found, false).title;
  const { result } = await client.search(token, CHECK_SEARCH, library);
  const first = (result.tracks?.results ?? []).find(isRealTrack);
  return first ? serviceTrackOf(first, false).title : null;
}

/**
 * A token is valid when its account answers. The test track is only a courtesy: when the
 * account's likes and the search cannot be read, there is no title, not a refusal.
 */
export async function validateToken(client: YandexMusicClient, token: string): Promise<TokenCheck> {
  const { uid, ...account } = await accountOf(client, token);
  const testTrackTitle = await readableTitle(client, token, uid).catch(() => null);
  return { account, testTrackTitle };
}

/** How many tracks the account likes, and its own playlists with their links. */
export async function libraryOf(client: YandexMusicClient, token: string): Promise<ServiceLibrary> {
  const { uid, login } = await accountOf(client, token);
  const [liked, { result }] = await Promise.all([
    likedIds(client, token, uid),
    client.playlistList(token, uid, library),
  ]);
  const owner = login ?? uid;
  const playlists = result.flatMap((playlist) =>
    playlist.kind && /^\d+$/.test(playlist.kind)
      ? [
          {
            title: playlist.title ?? '',
            trackCount: Math.max(0, Math.round(playlist.trackCount ?? 0)),
            url: `https://music.yandex.ru/users/${encodeURIComponent(playlist.owner?.login ?? owner)}/playlists/${playlist.kind}`,
          },
        ]
      : [],
  );
  return { likedCount: liked.length, playlists };
}

/** The account's liked tracks, newest first, as many as one import takes. */
export async function likedTracksOf(
  client: YandexMusicClient,
  token: string,
): Promise<ResolvedLink> {
  const { uid, hasPlus } = await accountOf(client, token);
  const ids = (await likedIds(client, token, uid)).slice(0, YANDEX_MUSIC_LIMITS.importMax);
  const read = ids.length > 0 ? await client.tracks(token, ids, library) : [];
  const tracks = read.filter(isRealTrack).map((track) => serviceTrackOf(track, hasPlus));
  return { kind: 'liked', title: '', cover: null, trackCount: tracks.length, tracks };
}

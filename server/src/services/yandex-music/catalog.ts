import {
  YANDEX_MUSIC_LIMITS,
  parseServiceLink,
  type ResolvedLink,
  type ServiceLink,
  type ServiceSearchResult,
} from '@music-rooms/domain';
import type { YandexMusicClient } from './client';
import { coverPreview } from './covers';
import { yandexErrors } from './errors';
import { isRealTrack, serviceTrackOf, type WireTrack } from './wire';

/**
 * What the import modal reads from the service with the person's token: the token's account,
 * what a link points to, and search. Nothing here is stored.
 */

const validation = {
  notFound: yandexErrors.tokenValidationFailed,
  failed: yandexErrors.tokenValidationFailed,
};
const collection = {
  notFound: yandexErrors.playlistNotFound,
  failed: yandexErrors.playlistLoadFailed,
};
const trackLookup = { notFound: yandexErrors.trackNotFound, failed: yandexErrors.trackNotFound };

/**
 * The token's account (its uid, names, and whether it has a subscription): a token that
 * answers here is valid. A token of no account is invalid.
 */
export async function accountOf(client: YandexMusicClient, token: string) {
  const { result } = await client.accountStatus(token, validation);
  const uid = result.account.uid;
  if (!uid) throw yandexErrors.tokenInvalid();
  return {
    uid,
    login: result.account.login ?? null,
    name: result.account.displayName ?? result.account.fullName ?? null,
    hasPlus: result.plus?.hasPlus === true,
  };
}

type Collection = { title: string; coverUri: string | null; tracks: WireTrack[]; count: number };

async function tracksOf(client: YandexMusicClient, token: string, link: ServiceLink) {
  if (link.kind === 'track') {
    const [track = null] = await client.tracks(token, [link.trackId], trackLookup);
    if (!isRealTrack(track)) throw yandexErrors.trackNotFound();
    const cover = track.coverUri ?? track.albums[0]?.coverUri ?? null;
    return { title: track.title ?? '', coverUri: cover, tracks: [track], count: 1 };
  }
  if (link.kind === 'album') {
    const { result } = await client.album(token, link.albumId, collection);
    const tracks = result.volumes.flat();
    return {
      title: result.title ?? '',
      coverUri: result.coverUri ?? null,
      tracks,
      count: tracks.length,
    };
  }
  return playlistOf(client, token, link);
}

async function playlistOf(
  client: YandexMusicClient,
  token: string,
  link: Extract<ServiceLink, { kind: 'playlist' }>,
): Promise<Collection> {
  const { result } = await ('uuid' in link
    ? client.uuidPlaylist(token, link.uuid, collection)
    : client.userPlaylist(token, link.owner, link.playlistKind, collection));
  // Large playlists list some entries by id only: those are read by id.
  const missing = result.tracks.filter((entry) => !entry.track && entry.id).map((e) => e.id!);
  const read = missing.length > 0 ? await client.tracks(token, missing, collection) : [];
  const byId = new Map(read.filter(isRealTrack).map((track) => [track.id, track]));
  const tracks = result.tracks.flatMap((entry) => {
    const track = entry.track ?? (entry.id ? byId.get(entry.id) : undefined);
    return track ? [track] : [];
  });
  const coverUri = result.cover?.uri ?? result.cover?.itemsUri?.[0] ?? result.ogImage ?? null;
  return { title: result.title ?? '', coverUri, tracks, count: tracks.length };
}

/** What a link points to, with each track and whether the account may download it. */
export async function resolveLink(
  client: YandexMusicClient,
  token: string,
  url: string,
): Promise<ResolvedLink> {
  const link = parseServiceLink(url);
  if (!link) throw yandexErrors.invalidUrl();
  const [account, found] = await Promise.all([
    accountOf(client, token),
    tracksOf(client, token, link),
  ]);
  const tracks = found.tracks.filter(isRealTrack).map((t) => serviceTrackOf(t, account.hasPlus));
  return {
    kind: link.kind,
    title: found.title || tracks[0]?.title || '',
    cover: await coverPreview(client, found.coverUri),
    trackCount: tracks.length,
    tracks,
  };
}

export async function searchTracks(
  client: YandexMusicClient,
  token: string,
  query: string,
): Promise<ServiceSearchResult> {
  const failures = { notFound: yandexErrors.searchFailed, failed: yandexErrors.searchFailed };
  const [account, { result }] = await Promise.all([
    accountOf(client, token),
    client.search(token, query, failures),
  ]);
  const found = (result.tracks?.results ?? []).filter(isRealTrack);
  return {
    total: Math.max(found.length, Math.round(result.tracks?.total ?? 0)),
    tracks: found
      .slice(0, YANDEX_MUSIC_LIMITS.searchResults)
      .map((track) => serviceTrackOf(track, account.hasPlus)),
  };
}

import { z } from 'zod';
import type { ServiceTrack, TrackAvailability } from '@music-rooms/domain';
import type { ServiceTrackFacts } from '../../db/schema-imports';

/**
 * The service's answers as this app reads them: lenient (a field the service leaves out or
 * changes type is read as missing, never a failure), and cleaned of what no database column
 * takes (NUL, halves of characters) before anything is stored or shown.
 */

// eslint-disable-next-line no-control-regex -- NUL is exactly what this removes
const MALFORMED = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const clean = (value: string, max = 500) => value.replace(MALFORMED, '').trim().slice(0, max);

const serviceText = z
  .string()
  .transform((value) => clean(value))
  .optional()
  .catch(undefined);
const serviceId = z
  .union([z.string(), z.number()])
  .transform((value) => clean(String(value), 40))
  .optional()
  .catch(undefined);
const serviceNumber = z.number().finite().optional().catch(undefined);
const serviceFlag = z.boolean().optional().catch(undefined);

const wireArtist = z.object({ id: serviceId, name: serviceText });
const wireAlbum = z.object({
  id: serviceId,
  title: serviceText,
  year: serviceNumber,
  genre: serviceText,
  coverUri: serviceText,
});

export const wireTrack = z.object({
  id: serviceId,
  title: serviceText,
  version: serviceText,
  durationMs: serviceNumber,
  available: serviceFlag,
  availableForPremiumUsers: serviceFlag,
  availableFullWithoutPermission: serviceFlag,
  artists: z.array(wireArtist).catch([]),
  albums: z.array(wireAlbum).catch([]),
  coverUri: serviceText,
  isrc: serviceText,
  error: serviceText,
});
export type WireTrack = z.output<typeof wireTrack>;

/** `{ result: ... }`, the envelope of every answer. */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ result });

export const accountStatus = envelope(
  z.object({
    account: z
      .object({
        uid: serviceId,
        login: serviceText,
        displayName: serviceText,
        fullName: serviceText,
      })
      .catch({}),
    plus: z.object({ hasPlus: serviceFlag }).optional().catch(undefined),
  }),
);

export const trackList = envelope(z.array(wireTrack.or(z.unknown().transform(() => null))));

/** A playlist's entry holds its track, or only the id (then the tracks are read by id). */
const playlistEntry = z.object({ id: serviceId, track: wireTrack.optional().catch(undefined) });

const cover = z
  .object({ uri: serviceText, itemsUri: z.array(z.string()).optional().catch(undefined) })
  .optional()
  .catch(undefined);

export const playlist = envelope(
  z.object({
    title: serviceText,
    trackCount: serviceNumber,
    cover,
    ogImage: serviceText,
    tracks: z.array(playlistEntry).catch([]),
  }),
);

export const album = envelope(
  z.object({
    title: serviceText,
    trackCount: serviceNumber,
    coverUri: serviceText,
    volumes: z.array(z.array(wireTrack)).catch([]),
  }),
);

/** The account's liked tracks: ids only (`id` may carry `:albumId`), newest first. */
export const likedTracks = envelope(
  z.object({
    library: z
      .object({ tracks: z.array(z.object({ id: serviceId })).catch([]) })
      .catch({ tracks: [] }),
  }),
);

/** The account's own playlists, as `users/{uid}/playlists/list` lists them (no tracks). */
export const playlistList = envelope(
  z
    .array(
      z.object({
        kind: serviceId,
        title: serviceText,
        trackCount: serviceNumber,
        owner: z.object({ login: serviceText, uid: serviceId }).optional().catch(undefined),
      }),
    )
    .catch([]),
);

export const search = envelope(
  z.object({
    tracks: z
      .object({ total: serviceNumber, results: z.array(wireTrack).catch([]) })
      .optional()
      .catch(undefined),
  }),
);

/** An artist as a search lists it: its picture (`%%` where the size goes) and its likes. */
export const artistSearch = envelope(
  z.object({
    artists: z
      .object({
        total: serviceNumber,
        results: z
          .array(
            z.object({
              id: serviceId,
              name: serviceText,
              cover: z.object({ uri: serviceText }).optional().catch(undefined),
              ogImage: serviceText,
              likesCount: serviceNumber,
            }),
          )
          .catch([]),
      })
      .optional()
      .catch(undefined),
  }),
);

/** A link as an answer hands it out: longer than the other texts, never cut. */
const serviceLink = z
  .string()
  .transform((value) => clean(value, 4000))
  .optional()
  .catch(undefined);

/** get-file-info: the file chosen and its direct link(s), already signed by the service. */
export const fileInfo = envelope(
  z.object({
    downloadInfo: z.object({
      trackId: serviceId,
      quality: serviceText,
      codec: serviceText,
      bitrate: serviceNumber,
      transport: serviceText,
      url: serviceLink,
      urls: z.array(serviceLink).catch([]),
      size: serviceNumber,
    }),
  }),
);

export const downloadInfo = envelope(
  z.array(
    z.object({
      codec: serviceText,
      bitrateInKbps: serviceNumber,
      preview: serviceFlag,
      downloadInfoUrl: serviceText,
    }),
  ),
);
export type DownloadOption = z.output<typeof downloadInfo>['result'][number];

/** The error an answer may carry (`{ error: { name, message } }`). */
export const errorBody = z.object({
  error: z
    .object({ name: serviceText, message: serviceText })
    .or(serviceText)
    .optional()
    .catch(undefined),
});

/** A track whose id came back: the service marks missing ones with an error or no title. */
export const isRealTrack = (track: WireTrack | null): track is WireTrack & { id: string } =>
  track !== null && Boolean(track.id) && !track.error && track.title !== undefined;

const artistNames = (track: WireTrack) =>
  track.artists
    .map((artist) => artist.name)
    .filter((name): name is string => Boolean(name))
    .join(', ');

const titleOf = (track: WireTrack) =>
  track.version ? `${track.title ?? ''} (${track.version})` : (track.title ?? '');

/** Unavailable, or for subscribers only while the account has none. */
function availabilityOf(track: WireTrack, hasPlus: boolean): TrackAvailability {
  if (track.available === false) return 'unavailable';
  const premiumOnly =
    track.availableForPremiumUsers === true && track.availableFullWithoutPermission !== true;
  return premiumOnly && !hasPlus ? 'premium' : 'available';
}

/** The track as the preview shows it. */
export function serviceTrackOf(track: WireTrack & { id: string }, hasPlus: boolean): ServiceTrack {
  return {
    id: track.id,
    title: titleOf(track) || track.id,
    artists: artistNames(track),
    album: track.albums[0]?.title ?? null,
    durationMs: Math.max(0, Math.round(track.durationMs ?? 0)),
    availability: availabilityOf(track, hasPlus),
  };
}

/** What the track row takes from the service once the file is in. */
export function factsOf(track: WireTrack): ServiceTrackFacts {
  const album = track.albums[0];
  const year = album?.year;
  return {
    album: album?.title ?? null,
    year:
      year !== undefined && Number.isInteger(year) && year >= 1000 && year <= 2999 ? year : null,
    genre: album?.genre ?? null,
    isrc: track.isrc && /^[A-Z0-9]{12}$/i.test(track.isrc) ? track.isrc.toUpperCase() : null,
    artistIds: track.artists.map((artist) => artist.id).filter((id): id is string => Boolean(id)),
    coverUri: track.coverUri ?? album?.coverUri ?? null,
  };
}

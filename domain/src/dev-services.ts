/**
 * The streaming service and Spotify as the developer pages try them (spec §2
 * /dev/yandex-music-test, /dev/yandex-music-test-v2 and /dev/artist-search-comparison): every
 * call with the raw answers it got, the person's token masked wherever it appears. A super
 * administrator's only.
 */

export const DEV_SERVICE_LIMITS = {
  /** A raw answer is shown up to this many characters (a playlist's can be megabytes). */
  rawAnswerMax: 64 * 1024,
  /** The token shows this many of its first and last characters; the rest is dots. */
  tokenShown: 4,
  /** Artists each service lists for a name. */
  artistsMax: 10,
  /** Tracks of the rooms read for the artist ids stored on them. */
  storedTracksMax: 500,
  artistNameMax: 200,
} as const;

/** One request to the service and what it answered, as it went over the wire. */
export type DevServiceExchange = {
  method: string;
  /** The address asked, the token masked should it appear. */
  url: string;
  /** Whether the request carried the token (in its Authorization header, shown masked). */
  authorization: string | null;
  /** The answer's status; null when none came (the network, a time-out). */
  status: number | null;
  contentType: string | null;
  /** The answer's text, the token masked; audio is described, not shown. */
  body: string;
  truncated: boolean;
  ms: number;
};

/** A failure as the service's error key and what its message names. */
export type DevServiceFailure = { key: string; values: Record<string, string | number> };

/** What one try gave: its value or its failure, and the exchanges it made either way. */
export type DevServiceOutcome<T> = { ms: number; exchanges: DevServiceExchange[] } & (
  { ok: true; value: T } | { ok: false; failure: DevServiceFailure }
);

export type DevServiceAccount = {
  uid: string;
  login: string | null;
  name: string | null;
  hasPlus: boolean;
};

/**
 * The two download schemes the service has had: `v1` lists a track's files
 * (`/tracks/{id}/download-info`), each with an address answering XML that the direct link is
 * signed from; `v2` asks `/get-file-info` with a signed request and gets the link itself.
 */
export const DEV_DOWNLOAD_SCHEMES = ['v1', 'v2'] as const;
export type DevDownloadScheme = (typeof DEV_DOWNLOAD_SCHEMES)[number];

/** The file a scheme chose and its signed link, with how the link answered a first byte. */
export type DevDownloadLink = {
  scheme: DevDownloadScheme;
  codec: string | null;
  bitrateInKbps: number | null;
  link: string;
  /** The link's answer to a one-byte range request: its status and content type. */
  probe: { status: number | null; contentType: string | null; size: number | null };
};

/** An artist as one service's search lists it. */
export type ComparedArtist = {
  id: string;
  name: string;
  /** Spotify's picture address, or the service's picture as a small data: URL. */
  picture: string | null;
  /** Spotify's followers or the service's likes, where the service gives them. */
  audience: number | null;
  audienceKind: 'followers' | 'likes';
  url: string | null;
};

/** An artist id some tracks of the rooms keep (spec §3 artist external ids). */
export type StoredArtistId = {
  /** The service that id belongs to: `spotify`, `yandexMusic`. */
  service: string;
  id: string;
  /** The artist names of those tracks, as the rooms wrote them. */
  artists: string[];
  trackCount: number;
};

export type ArtistComparison = {
  name: string;
  spotify: DevServiceOutcome<ComparedArtist[]>;
  /** Null without a token of the streaming service. */
  yandexMusic: DevServiceOutcome<ComparedArtist[]> | null;
  stored: StoredArtistId[];
};

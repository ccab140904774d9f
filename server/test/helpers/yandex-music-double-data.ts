import type http from 'node:http';
import sharp from 'sharp';

/** The double's data: accounts, tracks and how their downloads behave, and its answers. */

export type DoubleAccount = {
  uid: number;
  login: string;
  displayName: string;
  hasPlus: boolean;
  /** Ids of the tracks it liked, newest first (`users/{uid}/likes/tracks`). */
  likes: string[];
  /** Tracks its catalogue lacks (another region's): the service answers as if there were none. */
  unreadable: string[];
};

/** How a track's download goes; the default serves the file. */
export type DownloadBehaviour =
  | 'file'
  | 'previewsOnly'
  | 'noFiles'
  | 'infoStatus'
  | 'htmlPage'
  | 'tinyFile'
  | 'expiresOnce'
  /** Every address handed out has expired: download-info's and the direct link alike. */
  | 'alwaysExpired'
  | 'redirect'
  | 'twoRedirects'
  | 'slowStart'
  | 'cutShort'
  /** Half the file, then a byte now and then until the test releases the rest. */
  | 'held'
  | 'storageStatus'
  | 'badXml';

export type DoubleTrack = {
  id: string;
  title: string;
  artists: { id: string; name: string }[];
  album?: { id: string; title: string; year?: number; genre?: string };
  durationMs: number;
  /** The bytes served as the file (generated audio). */
  audio: Buffer;
  available?: boolean;
  /** For subscribers only: download-info answers 403 "not-allowed" to an account without one. */
  premium?: boolean;
  isrc?: string;
  coverColour?: string;
  download?: DownloadBehaviour;
  /** With infoStatus or storageStatus: the status answered. */
  status?: number;
  /** The bitrate download-info names (the generated files are 128 kbps). */
  bitrateInKbps?: number;
};

export type DoublePlaylist = { title: string; trackIds: string[]; byIdOnly?: boolean };

export type DoubleRequest = {
  method: string;
  path: string;
  /** The port it came to: the API's (`url`) or the storage's (`storageUrl`). */
  port: number;
  authorization: string | null;
};

/** A track as the service writes it. */
export function wireTrack(track: DoubleTrack, host: string) {
  const coverUri = `${host}/covers/${track.coverColour ?? 'teal'}/%%`;
  return {
    id: track.id,
    realId: track.id,
    title: track.title,
    durationMs: track.durationMs,
    available: track.available ?? true,
    availableForPremiumUsers: track.premium ?? false,
    availableFullWithoutPermission: !track.premium,
    artists: track.artists,
    albums: track.album
      ? [{ ...track.album, coverUri, trackPosition: { volume: 1, index: 1 } }]
      : [],
    coverUri,
    ...(track.isrc ? { isrc: track.isrc } : {}),
  };
}

export function json(res: http.ServerResponse, status: number, value: unknown) {
  text(
    res,
    status,
    'application/json; charset=utf-8',
    JSON.stringify({ invocationInfo: { hostname: 'double' }, ...(value as object) }),
  );
}

export function text(
  res: http.ServerResponse,
  status: number,
  type: string,
  content: string | Buffer,
) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(content) });
  res.end(content);
}

export function body(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** /covers/{colour}/{w}x{h}: a square of that colour, as the service's covers come sized. */
export function coverPng(url: URL): Promise<Buffer> {
  const [, , colour, size] = url.pathname.split('/');
  const px = Number(/^(\d+)x\d+$/.exec(size ?? '')?.[1] ?? 200);
  const background = colour ?? 'teal';
  return sharp({ create: { width: px, height: px, channels: 3, background } })
    .png()
    .toBuffer();
}

import type { PlaybackManifest, PlaybackSegment } from '@music-rooms/domain/player';

/**
 * A playback manifest or segment the server did not give: `status` is the HTTP status and
 * `key` the server's error key when it sent one (`tracks.errors.playbackChanged`: the copy was
 * rebuilt since the manifest was read, so open the track again).
 */
export class SegmentFetchError extends Error {
  constructor(
    readonly status: number,
    readonly key: string | null,
  ) {
    super(key ?? `HTTP ${status}`);
    this.name = 'SegmentFetchError';
  }
}

async function refusal(response: Response): Promise<SegmentFetchError> {
  const body = (await response.json().catch(() => null)) as { key?: unknown } | null;
  return new SegmentFetchError(response.status, typeof body?.key === 'string' ? body.key : null);
}

/** `GET /api/tracks/{id}/playback`: how the track is fetched and decoded in segments. */
export async function fetchManifest(url: string, signal?: AbortSignal): Promise<PlaybackManifest> {
  const response = await fetch(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  if (!response.ok) throw await refusal(response);
  return (await response.json()) as PlaybackManifest;
}

/**
 * One segment's bytes, asked for with Range. A server that ignores Range answers the whole
 * file (200); the segment is then cut out of it.
 */
export async function fetchSegmentBytes(
  dataUrl: string,
  segment: PlaybackSegment,
  signal: AbortSignal,
): Promise<Uint8Array> {
  const range = `bytes=${segment.byteStart}-${segment.byteEnd - 1}`;
  const response = await fetch(dataUrl, {
    credentials: 'same-origin',
    headers: { range },
    signal,
  });
  if (response.status !== 206 && response.status !== 200) throw await refusal(response);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const wanted = segment.byteEnd - segment.byteStart;
  const part = response.status === 206 ? bytes : bytes.subarray(segment.byteStart, segment.byteEnd);
  if (part.length !== wanted) throw new SegmentFetchError(response.status, null);
  return part;
}

/** The manifest's header (base64) as bytes. */
export function headerBytes(manifest: PlaybackManifest): Uint8Array {
  return Uint8Array.from(atob(manifest.headerBase64), (char) => char.charCodeAt(0));
}

/**
 * A FLAC stream a decoder takes on its own: the header, then the segment's whole frames. A new
 * buffer each time, since decoding takes the buffer over (detaches it).
 */
export function decodableSegment(header: Uint8Array, frames: Uint8Array): ArrayBuffer {
  const joined = new Uint8Array(header.length + frames.length);
  joined.set(header, 0);
  joined.set(frames, header.length);
  return joined.buffer;
}

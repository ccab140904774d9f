import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import { SEGMENTS_KEPT, createSegmentSource } from './segment-decode';
import { SegmentFetchError } from './segment-fetch';

/**
 * The segment source against a real HTTP server on loopback that serves a "copy" by Range, and
 * a decoder standing in for the browser's (Node has no Web Audio): it answers what it was
 * given to decode, so each test sees exactly which bytes reached it.
 */

const HEADER = Uint8Array.from([0x66, 0x4c, 0x61, 0x43, 1, 2, 3]);
const FILE = Uint8Array.from({ length: 6000 }, (_, i) => i % 251);
const RATE = 1000;

type Server = {
  url: string;
  ranges: string[];
  /** While set, data requests wait for it before they are answered. */
  gate: Promise<void> | null;
  /** Answer this status and body instead of the bytes. */
  refuse: { status: number; body: unknown } | null;
  ignoreRange: boolean;
  close: () => Promise<void>;
};

let server: Server;

function answer(request: http.IncomingMessage, response: http.ServerResponse) {
  server.ranges.push(request.headers.range ?? 'none');
  if (server.refuse) {
    response.writeHead(server.refuse.status, { 'content-type': 'application/json' });
    return response.end(JSON.stringify(server.refuse.body));
  }
  const match = /^bytes=(\d+)-(\d+)$/.exec(request.headers.range ?? '');
  if (!match || server.ignoreRange) return response.writeHead(200).end(FILE);
  const [start, end] = [Number(match[1]), Number(match[2])];
  response.writeHead(206, { 'content-range': `bytes ${start}-${end}/${FILE.length}` });
  response.end(FILE.subarray(start, end + 1));
}

beforeAll(async () => {
  const listener = http.createServer((request, response) => {
    void (server.gate ?? Promise.resolve()).then(() => answer(request, response));
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  server = {
    url: `http://127.0.0.1:${port}/data?v=1`,
    ranges: [],
    gate: null,
    refuse: null,
    ignoreRange: false,
    close: () => new Promise((resolve) => listener.close(() => resolve())),
  };
});
afterAll(() => server.close());

/** Six segments of 1000 bytes, the first after a 42-byte header, the last one short. */
function manifest(): PlaybackManifest {
  const segments = [0, 1, 2, 3, 4, 5].map((i) => ({
    sample: i * 10 * RATE,
    byteStart: i === 0 ? 42 : i * 1000,
    byteEnd: (i + 1) * 1000,
  }));
  return {
    version: '1',
    sampleRate: RATE,
    channels: 2,
    totalSamples: 55 * RATE,
    headerBase64: Buffer.from(HEADER).toString('base64'),
    dataUrl: server.url,
    segments,
  };
}

/** What the stand-in decoder returns: the bytes it was handed, as the AudioBuffer. */
type Decoded = { given: Uint8Array; sampleRate: number };

function decoder(sampleRate = RATE) {
  const decoded: Decoded[] = [];
  const context = {
    sampleRate,
    decodeAudioData: async (data: ArrayBuffer) => {
      const result = { given: new Uint8Array(data), sampleRate };
      decoded.push(result);
      return result;
    },
  };
  return { context: context as unknown as BaseAudioContext, decoded };
}

const given = (buffer: AudioBuffer) => (buffer as unknown as Decoded).given;

function openGate() {
  let open = () => {};
  server.gate = new Promise<void>((resolve) => (open = resolve));
  return () => {
    server.gate = null;
    open();
  };
}

describe('a segment source', () => {
  it('finds the segment of any position, clamped to the track', () => {
    const source = createSegmentSource(decoder().context, manifest());
    expect(source.durationSeconds).toBe(55);
    expect(source.segmentAt(-3)).toBe(0);
    expect(source.segmentAt(0)).toBe(0);
    expect(source.segmentAt(9.999)).toBe(0);
    expect(source.segmentAt(10)).toBe(1);
    expect(source.segmentAt(31.5)).toBe(3);
    expect(source.segmentAt(54.9)).toBe(5);
    expect(source.segmentAt(600)).toBe(5);
    expect(source.segmentAt(Number.NaN)).toBe(0);
  });

  it('decodes a segment from the header and exactly its byte range', async () => {
    const { context } = decoder();
    server.ranges = [];
    const segment = await createSegmentSource(context, manifest()).load(2);
    expect(server.ranges).toEqual(['bytes=2000-2999']);
    expect(segment).toMatchObject({ index: 2, startSample: 20 * RATE, startSeconds: 20 });
    const bytes = given(segment.buffer);
    expect(bytes.subarray(0, HEADER.length)).toEqual(HEADER);
    expect(bytes.subarray(HEADER.length)).toEqual(FILE.subarray(2000, 3000));
    const first = given((await createSegmentSource(context, manifest()).load(0)).buffer);
    expect(first.subarray(HEADER.length)).toEqual(FILE.subarray(42, 1000));
  });

  it('cuts the segment out when the server answers the whole file', async () => {
    server.ignoreRange = true;
    try {
      const segment = await createSegmentSource(decoder().context, manifest()).load(4);
      expect(given(segment.buffer).subarray(HEADER.length)).toEqual(FILE.subarray(4000, 5000));
    } finally {
      server.ignoreRange = false;
    }
  });

  it('shares one fetch between callers, keeps a few segments, and drops them on close', async () => {
    const { context, decoded } = decoder();
    const source = createSegmentSource(context, manifest());
    server.ranges = [];
    const [a, b] = await Promise.all([source.load(1), source.load(1)]);
    expect(a).toBe(b);
    expect(server.ranges).toHaveLength(1);
    expect(await source.load(1)).toBe(a);
    for (let i = 0; i < 6; i += 1) await source.load(i);
    expect(decoded.length).toBe(6);
    // Segment 1 was the least recently used of SEGMENTS_KEPT + 2: it is fetched again.
    expect(SEGMENTS_KEPT).toBeLessThan(6);
    await source.load(1);
    expect(decoded.length).toBe(7);
    await source.load(5);
    expect(decoded.length).toBe(7);
    source.close();
    await source.load(5);
    expect(decoded.length).toBe(8);
  });

  it('lets one caller give up without cutting the fetch short for another', async () => {
    const source = createSegmentSource(decoder().context, manifest());
    const release = openGate();
    const leaving = new AbortController();
    const left = source.load(3, leaving.signal);
    const staying = source.load(3);
    leaving.abort();
    await expect(left).rejects.toMatchObject({ name: 'AbortError' });
    release();
    expect((await staying).index).toBe(3);
  });

  it('aborts the fetch once every caller gave up, and fetches afresh next time', async () => {
    const { context, decoded } = decoder();
    const source = createSegmentSource(context, manifest());
    const release = openGate();
    const first = new AbortController();
    const second = new AbortController();
    const loads = [source.load(0, first.signal), source.load(0, second.signal)];
    first.abort();
    second.abort();
    for (const load of loads) await expect(load).rejects.toMatchObject({ name: 'AbortError' });
    release();
    expect((await source.load(0)).index).toBe(0);
    expect(decoded.length).toBe(1);
  });

  it('rejects a refused fetch with the server’s key, and an index it does not have', async () => {
    const source = createSegmentSource(decoder().context, manifest());
    server.refuse = { status: 404, body: { key: 'tracks.errors.playbackChanged' } };
    try {
      const error = await source.load(2).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SegmentFetchError);
      expect(error).toMatchObject({ status: 404, key: 'tracks.errors.playbackChanged' });
    } finally {
      server.refuse = null;
    }
    await expect(source.load(6)).rejects.toBeInstanceOf(RangeError);
    await expect(source.load(-1)).rejects.toBeInstanceOf(RangeError);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_MANIFEST_ELEMENT_ID } from '@music-rooms/domain/first-reads';
import { asTrackId } from '@music-rooms/domain/ids';
import type { PlaybackState } from '@music-rooms/domain/playback';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import type * as EarlyTracks from './early-track';
import type * as SegmentSources from './segment-source';

/**
 * A playing room's track opened as the app starts, then taken by the player: what the page
 * fetched (a stand-in for the browser's fetch, answering a manifest and byte ranges) and what
 * the offline decoder was given (Node has no Web Audio).
 */

const TRACK = asTrackId('t1');
const MANIFEST_URL = '/api/tracks/t1/playback';
const RATE = 1000;

/** Six segments of ten seconds, 1000 bytes each. */
const manifest: PlaybackManifest = {
  version: '1',
  sampleRate: RATE,
  channels: 2,
  totalSamples: 60 * RATE,
  headerBase64: btoa('fLaC'),
  dataUrl: '/api/tracks/t1/playback/data',
  segments: [0, 1, 2, 3, 4, 5].map((i) => ({
    sample: i * 10 * RATE,
    byteStart: i * 1000,
    byteEnd: (i + 1) * 1000,
  })),
};

// Each test is a page of its own: the modules' state (what was opened early) starts afresh.
let openTrackEarly: typeof EarlyTracks.openTrackEarly;
let takeEarlyTrack: typeof EarlyTracks.takeEarlyTrack;
let openSegmentSource: typeof SegmentSources.openSegmentSource;

let fetched: string[] = [];
let decoders: Array<{ rate: number; decoded: number }> = [];
let refuseManifest = false;

beforeEach(async () => {
  vi.resetModules();
  ({ openTrackEarly, takeEarlyTrack } = await import('./early-track'));
  ({ openSegmentSource } = await import('./segment-source'));
  fetched = [];
  decoders = [];
  refuseManifest = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: { headers?: { range?: string } }) => {
      const range = init?.headers?.range;
      fetched.push(range ? `${url} ${range}` : url);
      if (url === MANIFEST_URL && refuseManifest) return new Response('{}', { status: 503 });
      if (url === MANIFEST_URL) return new Response(JSON.stringify(manifest));
      return new Response(new Uint8Array(1000), { status: 206 });
    }),
  );
  vi.stubGlobal(
    'OfflineAudioContext',
    class {
      readonly record: { rate: number; decoded: number };
      constructor(
        _channels: number,
        _length: number,
        readonly sampleRate: number,
      ) {
        this.record = { rate: sampleRate, decoded: 0 };
        decoders.push(this.record);
      }
      async decodeAudioData() {
        this.record.decoded += 1;
        return { duration: 10 };
      }
    },
  );
});
afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

/** The room plays from 25 s into the track as of a moment ago. */
const playing = (): PlaybackState =>
  ({
    trackId: TRACK,
    playing: true,
    positionMs: 25_000,
    atServerMs: Date.now() - 100,
    durationMs: 60_000,
  }) as PlaybackState;

const playerContext = {
  sampleRate: 48_000,
  decodeAudioData: () => Promise.reject(new Error('decoded in the player’s context')),
} as unknown as BaseAudioContext;

describe('a playing room’s track opened early', () => {
  it('fetches the manifest and decodes the segment where the room will be, at the track’s rate', async () => {
    openTrackEarly(playing());
    await vi.waitFor(() => expect(decoders[0]?.decoded).toBe(1));
    expect(fetched).toEqual([MANIFEST_URL, `${manifest.dataUrl} bytes=2000-2999`]);
    expect(decoders).toEqual([{ rate: RATE, decoded: 1 }]);
  });

  it('is what the player opens for that track: nothing is fetched or decoded twice', async () => {
    openTrackEarly(playing());
    const source = await openSegmentSource(playerContext, TRACK, {});
    const segment = await source.load(2);
    expect(segment.startSeconds).toBe(20);
    expect(fetched).toHaveLength(2);
    expect(decoders).toEqual([{ rate: RATE, decoded: 1 }]);
    // Taken once: a second opening reads anew.
    expect(takeEarlyTrack(MANIFEST_URL)).toBeNull();
  });

  it('is taken only for its own address, and let go when the player opened another', () => {
    openTrackEarly(playing());
    expect(takeEarlyTrack(`${MANIFEST_URL}?accessToken=x`)).toBeNull();
    expect(takeEarlyTrack(MANIFEST_URL)).toBeNull();
  });

  it('is let go when the player has not come for it within ten seconds', () => {
    vi.useFakeTimers();
    try {
      openTrackEarly(playing());
      vi.advanceTimersByTime(10_000);
      expect(takeEarlyTrack(MANIFEST_URL)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is opened again by the player when the early opening failed', async () => {
    const manifestsFetched = () => fetched.filter((url) => url === MANIFEST_URL).length;
    refuseManifest = true;
    openTrackEarly(playing());
    await vi.waitFor(() => expect(manifestsFetched()).toBe(1));
    refuseManifest = false;
    const source = await openSegmentSource(playerContext, TRACK, {});
    expect(source.manifest).toEqual(manifest);
    expect(manifestsFetched()).toBe(2);
  });

  it('opens nothing while the room is paused or has no track, or once the player opened one', async () => {
    openTrackEarly({ ...playing(), playing: false });
    openTrackEarly({ ...playing(), trackId: null });
    expect(fetched).toEqual([]);
    // The player came first (a page that rendered before the answer): it is not done twice.
    await openSegmentSource(playerContext, TRACK, {});
    openTrackEarly(playing());
    expect(fetched).toEqual([MANIFEST_URL]);
    expect(takeEarlyTrack(MANIFEST_URL)).toBeNull();
  });
});

/** The element a room page carries its playing track's manifest in, as the server writes it. */
function pageCarries(url: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_MANIFEST_ELEMENT_ID;
  element.textContent = JSON.stringify({ url, manifest });
  document.body.append(element);
}

describe('the manifest a room page came with', () => {
  it('has the segment where the room is asked for at once, and no manifest', async () => {
    pageCarries(MANIFEST_URL);
    void openTrackEarly(playing());
    expect(fetched).toEqual([`${manifest.dataUrl} bytes=2000-2999`]);
    expect(document.getElementById(FIRST_MANIFEST_ELEMENT_ID)).toBeNull();
    const source = await takeEarlyTrack(MANIFEST_URL);
    expect(source?.manifest).toEqual(manifest);
  });

  it('is not taken for another address: that manifest is asked for', async () => {
    pageCarries('/api/tracks/t2/playback');
    await openTrackEarly(playing());
    expect(fetched[0]).toBe(MANIFEST_URL);
  });

  it('is asked for when the page came cut short', async () => {
    pageCarries(MANIFEST_URL);
    document.getElementById(FIRST_MANIFEST_ELEMENT_ID)!.textContent = '{"url":"/api/tr';
    await openTrackEarly(playing());
    expect(fetched[0]).toBe(MANIFEST_URL);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_MANIFEST_ELEMENT_ID } from '@music-rooms/domain/first-reads';
import { asTrackId } from '@music-rooms/domain/ids';
import type { PlaybackState } from '@music-rooms/domain/playback';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import type * as EarlyTracks from './early-track';

/**
 * A room page that came with its playing track's manifest: the early track asks for the segment
 * where the room is as it is opened, with no round trip for the manifest.
 */

const MANIFEST_URL = '/api/tracks/t1/playback';
const RATE = 1000;
const manifest: PlaybackManifest = {
  version: '1',
  sampleRate: RATE,
  channels: 2,
  totalSamples: 60 * RATE,
  headerBase64: btoa('fLaC'),
  dataUrl: '/api/tracks/t1/playback/data?v=1',
  segments: [0, 1, 2, 3, 4, 5].map((i) => ({
    sample: i * 10 * RATE,
    byteStart: i * 1000,
    byteEnd: (i + 1) * 1000,
  })),
};

let openTrackEarly: typeof EarlyTracks.openTrackEarly;
let takeEarlyTrack: typeof EarlyTracks.takeEarlyTrack;
let fetched: string[] = [];

/** The page's element, as the server writes it. */
function pageCarries(url: string): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = FIRST_MANIFEST_ELEMENT_ID;
  element.textContent = JSON.stringify({ url, manifest });
  document.body.append(element);
}

const playing = (): PlaybackState =>
  ({
    trackId: asTrackId('t1'),
    playing: true,
    positionMs: 25_000,
    atServerMs: Date.now() - 100,
    durationMs: 60_000,
  }) as PlaybackState;

beforeEach(async () => {
  vi.resetModules();
  ({ openTrackEarly, takeEarlyTrack } = await import('./early-track'));
  fetched = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: { headers?: { range?: string } }) => {
      const range = init?.headers?.range;
      fetched.push(range ? `${url} ${range}` : url);
      if (url === MANIFEST_URL) return new Response(JSON.stringify(manifest));
      return new Response(new Uint8Array(1000), { status: 206 });
    }),
  );
  vi.stubGlobal(
    'OfflineAudioContext',
    class {
      decodeAudioData = async () => ({ duration: 10 });
    },
  );
});
afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
});

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

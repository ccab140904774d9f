import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { TrackId } from '@music-rooms/domain/ids';
import { describe, expect, test } from '../src/fixtures';
import { uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { createRoomAs } from './support/rooms';

const sourceFile = fileURLToPath(
  new URL('../../web/src/features/player/engine/segment-source.ts', import.meta.url),
);

/**
 * The web app's segment source as one script for the page: the module itself, bundled as the
 * app's build would, exposing `openSegmentSource` on `window.segmentSourceUnderTest`.
 */
async function segmentSourceScript(): Promise<string> {
  const bundled = await build({
    stdin: {
      contents: `export { openSegmentSource } from './${path.basename(sourceFile)}';`,
      resolveDir: path.dirname(sourceFile),
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'segmentSourceUnderTest',
    target: 'es2022',
    write: false,
  });
  return bundled.outputFiles[0]!.text;
}

type Outcome = {
  sampleRate: number;
  totalSamples: number;
  /** Each segment's decoded length, and the length the manifest gives it. */
  lengths: number[];
  expected: number[];
  rates: number[];
  starts: number[];
  wholeLength: number;
  /** The largest difference between a joined sample and the whole file's, over all channels. */
  maxDifference: number;
};

/**
 * In the page: opens the track's segment source with a real AudioContext, decodes every
 * segment, and compares them laid end to end with a decoding of the whole FLAC copy.
 */
function decodeInPage(trackId: TrackId): Promise<Outcome> {
  type Source = {
    manifest: {
      sampleRate: number;
      channels: number;
      totalSamples: number;
      dataUrl: string;
      segments: { sample: number }[];
    };
    load: (index: number) => Promise<{ startSample: number; buffer: AudioBuffer }>;
    close: () => void;
  };
  type Module = {
    openSegmentSource: (c: BaseAudioContext, id: string, a: object) => Promise<Source>;
  };
  const { openSegmentSource } = (window as unknown as { segmentSourceUnderTest: Module })
    .segmentSourceUnderTest;
  return (async () => {
    // A player's context at another rate than the track's: segments still decode at the track's.
    const context = new AudioContext({ sampleRate: 48_000 });
    const source = await openSegmentSource(context, trackId, {});
    const { manifest } = source;
    const segments = [];
    for (let i = 0; i < manifest.segments.length; i += 1) segments.push(await source.load(i));
    const whole = await new OfflineAudioContext(
      manifest.channels,
      1,
      manifest.sampleRate,
    ).decodeAudioData(await (await fetch(manifest.dataUrl)).arrayBuffer());
    let maxDifference = 0;
    for (let channel = 0; channel < manifest.channels; channel += 1) {
      const expected = whole.getChannelData(channel);
      for (const segment of segments) {
        const data = segment.buffer.getChannelData(channel);
        for (let i = 0; i < data.length; i += 1) {
          const difference = Math.abs(data[i]! - (expected[segment.startSample + i] ?? Infinity));
          if (difference > maxDifference) maxDifference = difference;
        }
      }
    }
    source.close();
    await context.close();
    return {
      sampleRate: manifest.sampleRate,
      totalSamples: manifest.totalSamples,
      lengths: segments.map((segment) => segment.buffer.length),
      expected: manifest.segments.map(
        (segment, i) =>
          (manifest.segments[i + 1]?.sample ?? manifest.totalSamples) - segment.sample,
      ),
      rates: segments.map((segment) => segment.buffer.sampleRate),
      starts: segments.map((segment) => segment.startSample),
      wholeLength: whole.length,
      maxDifference,
    };
  })();
}

// The player's segmented decoding (issue: segments, not whole-file decoding, for long tracks).
describe('decoding a track in segments in the browser', () => {
  test('gives, end to end, the samples of the whole copy', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Segments', room_url: 'segments' });
    // 26 seconds at 44.1 kHz: three segments.
    await uploadAs(server, member.cookie, room._id, wavFile('Sine - Long.wav', sineWav(26, 330)));
    const [track] = await waitForReadyTracks(server, member.cookie, room._id, 1);
    await page.goto(`${server.url}/`);
    await page.evaluate(await segmentSourceScript());

    const outcome = await page.evaluate(decodeInPage, track!._id);
    expect(outcome.sampleRate).toBe(44_100);
    expect(outcome.totalSamples).toBe(26 * 44_100);
    expect(outcome.lengths.length).toBe(3);
    expect(outcome.lengths).toEqual(outcome.expected);
    expect(outcome.lengths.reduce((sum, length) => sum + length, 0)).toBe(outcome.totalSamples);
    expect(outcome.wholeLength).toBe(outcome.totalSamples);
    expect(outcome.rates).toEqual([44_100, 44_100, 44_100]);
    const [first = 0, second = 0] = outcome.lengths;
    expect(outcome.starts).toEqual([0, first, first + second]);
    expect(outcome.maxDifference).toBeLessThanOrEqual(1e-6);
  });
});

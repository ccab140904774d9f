import { PulseSmoother } from './pulse-smoother';

/**
 * The output stamps of a Chromium page on PulseAudio: the library's smoother fed with the sound
 * server's timing updates on the library's timer (10 ms after the stream starts, then twice as
 * long each time, up to 1.5 s), read at every output callback (85 ms). `measured(at)` is how far
 * the update at page time `at` (ms) places the music from where it is (s); the music's own
 * mapping is zero. Answers [page ms, stamp mapping s] from `fromMs` to `toMs`.
 */
export function pulseStamps(
  measured: (atMs: number) => number,
  { fromMs = 1000, toMs = 20_000 } = {},
): Array<[number, number]> {
  const smoother = new PulseSmoother();
  const updates: number[] = [];
  for (let at = fromMs, interval = 10; at < toMs; at += interval) {
    updates.push(at);
    interval = Math.min(1500, interval * 2);
  }
  const stamps: Array<[number, number]> = [];
  let next = 0;
  for (let at = fromMs + 20; at < toMs; at += 85) {
    for (; next < updates.length && updates[next]! <= at; next += 1) {
      const update = updates[next]!;
      smoother.put(update * 1000, (update + measured(update) * 1000) * 1000);
    }
    stamps.push([at, (smoother.get(at * 1000) / 1000 - at) / 1000]);
  }
  return stamps;
}

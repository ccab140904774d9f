import { readOutput, type OutputReading } from './output-reading';

/**
 * A room page's AudioContext, made as the page opens (room-early-reads.ts, from the app's small
 * entry), and what its output said until the player took it. Its making holds the page for a
 * third of a second under PulseAudio, and a new output's first stamps are wild for a quarter
 * second and the first calm ones only then come: made by the player, both fell between the
 * decoded music and its start, while the page was busiest. Made as the page opens, they fall in
 * the moments the page waits for its first reads, and the player's output clock is given every
 * reading from the output's start (the sound server's timer behind the stamps is fitted from
 * there: smoother-follower.ts). Taken once (`takeEarlyOutput`); closed unused after 30 s.
 */

/** Read as often as the engine reads its output (sync-engine.ts). */
const READ_MS = 50;
/** A context not taken by then is closed: the page never made a player. */
const FRESH_MS = 30_000;

/** An output opened before the engine started, and its readings so far. */
export type OpenedOutput = { context: AudioContext; readings: readonly OutputReading[] };

type EarlyOutput = {
  context: AudioContext;
  readings: OutputReading[];
  reader: ReturnType<typeof setInterval>;
  expiry: ReturnType<typeof setTimeout>;
};

let early: EarlyOutput | null = null;
let taken = false;

/** Makes the page's AudioContext and reads its output while it runs, once per page. */
export function openOutputEarly(): void {
  if (early || taken || typeof AudioContext === 'undefined') return;
  const context = new AudioContext();
  const readings: OutputReading[] = [];
  const reader = setInterval(() => {
    if (context.state === 'running') readings.push(readOutput(context, () => performance.now()));
  }, READ_MS);
  early = { context, readings, reader, expiry: setTimeout(closeUnused, FRESH_MS) };
}

/** The context opened early and its readings, if any; taken once (a second asks for its own). */
export function takeEarlyOutput(): OpenedOutput | null {
  taken = true;
  const found = early;
  early = null;
  if (!found) return null;
  clearInterval(found.reader);
  clearTimeout(found.expiry);
  return { context: found.context, readings: found.readings };
}

function closeUnused(): void {
  const found = takeEarlyOutput();
  void found?.context.close().catch(() => {});
}

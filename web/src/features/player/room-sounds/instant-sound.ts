import { renderedUntil } from '../engine/audio-output';

/** What playing at a server instant needs of the player: its mapping and its context. */
export type InstantSoundOutput = {
  contextTimeAt(serverMs: number): number | null;
  outputContext(): AudioContext | null;
};

/** A short sound scheduled for a server instant (read by the test hook). */
export type ScheduledSound = {
  name: string;
  /** The server instant (epoch ms) it is to be heard at. */
  serverAt: number;
  /** The context time it was started at (the output delay already taken off by the mapping). */
  contextAt: number;
};

/** Sounds kept for the test hook: the last few are enough to compare pages. */
const KEPT = 20;
const scheduled: ScheduledSound[] = [];

/** The short sounds this page scheduled lately, oldest first. */
export function scheduledSounds(): readonly ScheduledSound[] {
  return scheduled;
}

/**
 * Plays `samples` (at the context's rate) so that they are heard at server instant `serverAt`:
 * through the player's own AudioContext and by exactly its mapping (which starts it as much
 * earlier as the output delay set for the device), as the music is. Answers what was scheduled, or null
 * when the player cannot place it (no clock or output yet) or the instant has passed.
 */
export function playAtServerInstant(
  output: InstantSoundOutput,
  serverAt: number,
  sound: { name: string; samples: (sampleRate: number) => Float32Array<ArrayBuffer>; gain: number },
): ScheduledSound | null {
  const context = output.outputContext();
  const contextAt = output.contextTimeAt(serverAt);
  if (!context || contextAt === null) return null;
  if (contextAt < renderedUntil(context)) return null;
  const samples = sound.samples(context.sampleRate);
  const buffer = context.createBuffer(1, samples.length, context.sampleRate);
  buffer.copyToChannel(samples, 0);
  const source = context.createBufferSource();
  source.buffer = buffer;
  const gain = context.createGain();
  gain.gain.value = sound.gain;
  source.connect(gain).connect(context.destination);
  source.onended = () => gain.disconnect();
  source.start(contextAt);
  const entry = { name: sound.name, serverAt, contextAt };
  scheduled.push(entry);
  if (scheduled.length > KEPT) scheduled.shift();
  return entry;
}

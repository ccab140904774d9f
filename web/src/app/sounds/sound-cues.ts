/** The interface's short sounds, made on the spot from a few sine notes (no audio files). */
export const SOUND_CUES = ['trackAdded', 'accessRequest', 'uploadFailed', 'joined'] as const;
export type SoundCue = (typeof SOUND_CUES)[number];

/** One note of a cue: its pitch, when it starts after the cue does and how long it rings (s). */
type Note = { hz: number; at: number; length: number };

const CUES: Record<SoundCue, readonly Note[]> = {
  // Two notes up: something arrived.
  trackAdded: [
    { hz: 880, at: 0, length: 0.12 },
    { hz: 1318.5, at: 0.08, length: 0.18 },
  ],
  // A two-tone chime that asks for attention without alarm.
  accessRequest: [
    { hz: 659.3, at: 0, length: 0.2 },
    { hz: 987.8, at: 0.14, length: 0.28 },
  ],
  // Two notes down, lower: something did not work.
  uploadFailed: [
    { hz: 392, at: 0, length: 0.16 },
    { hz: 293.7, at: 0.12, length: 0.26 },
  ],
  // A soft rising third: you are in.
  joined: [
    { hz: 523.3, at: 0, length: 0.14 },
    { hz: 659.3, at: 0.09, length: 0.14 },
    { hz: 784, at: 0.18, length: 0.22 },
  ],
};

/** The loudest a cue gets, at full effect volume: quiet beside music. */
const PEAK_GAIN = 0.18;
const ATTACK_S = 0.01;
/** Starts this far ahead so the first note's attack is never cut. */
const LEAD_S = 0.02;

/** The length of a cue in seconds (its last note's end). */
export function cueLength(cue: SoundCue): number {
  return Math.max(...CUES[cue].map((note) => note.at + note.length));
}

/**
 * Plays a cue on the context at the given volume (0–1), straight to its output: it never
 * passes through the music's gain, and nothing of the context's timing changes.
 */
export function playCue(context: BaseAudioContext, cue: SoundCue, volume: number): void {
  const start = context.currentTime + LEAD_S;
  const out = context.createGain();
  out.gain.value = PEAK_GAIN * Math.min(1, Math.max(0, volume));
  out.connect(context.destination);
  const notes = CUES[cue];
  notes.forEach((note, index) => {
    const oscillator = context.createOscillator();
    const envelope = context.createGain();
    const at = start + note.at;
    oscillator.type = 'sine';
    oscillator.frequency.value = note.hz;
    envelope.gain.setValueAtTime(0.0001, at);
    envelope.gain.exponentialRampToValueAtTime(1, at + ATTACK_S);
    envelope.gain.exponentialRampToValueAtTime(0.0001, at + note.length);
    oscillator.connect(envelope).connect(out);
    oscillator.start(at);
    oscillator.stop(at + note.length + ATTACK_S);
    // The nodes go once the last note has rung out.
    if (index === notes.length - 1) oscillator.onended = () => out.disconnect();
  });
}

/** The click's pitch: high and short, it stands out of most music. */
const CLICK_HZ = 1760;
const CLICK_S = 0.04;
const CLICK_GAIN = 0.5;

/**
 * A short click at context time `at`, straight to the speakers: heard even while the music is
 * muted, since the person taps along with it.
 */
export function playClick(context: AudioContext, at: number): void {
  const tone = context.createOscillator();
  tone.frequency.value = CLICK_HZ;
  const envelope = context.createGain();
  envelope.gain.setValueAtTime(0, at);
  envelope.gain.linearRampToValueAtTime(CLICK_GAIN, at + 0.002);
  envelope.gain.exponentialRampToValueAtTime(0.001, at + CLICK_S);
  tone.connect(envelope).connect(context.destination);
  tone.start(at);
  tone.stop(at + CLICK_S);
}

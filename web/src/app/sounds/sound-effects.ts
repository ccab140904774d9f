import { playCue, type SoundCue } from './sound-cues';
import { currentSoundOutput, type SoundOutput } from './sound-output';
import { soundSettings, type SoundSettings } from './sound-settings';

/** The same cue again this soon is one sound: a batch of uploads chimes once. */
export const CUE_REPEAT_MS = 1500;

/**
 * Whether a cue sounds now: the account's setting is on, a room's player has a running audio
 * context to play it through, and its music is not playing unless the person allowed that.
 */
export function cueAllowed(
  enabled: boolean,
  output: SoundOutput | null,
  settings: SoundSettings,
): output is SoundOutput {
  if (!enabled || !output || settings.volume <= 0) return false;
  if (output.context()?.state !== 'running') return false;
  return settings.duringPlayback || !output.playing();
}

const lastPlayed = new Map<SoundCue, number>();

/** Plays a cue if it is allowed now and has not just sounded. */
export function playSoundEffect(cue: SoundCue, enabled: boolean): void {
  const output = currentSoundOutput();
  const settings = soundSettings.get();
  if (!cueAllowed(enabled, output, settings)) return;
  const context = output.context();
  const now = performance.now();
  if (!context || now - (lastPlayed.get(cue) ?? -Infinity) < CUE_REPEAT_MS) return;
  lastPlayed.set(cue, now);
  playCue(context, cue, settings.volume);
}

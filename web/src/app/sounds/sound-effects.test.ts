import { describe, expect, it } from 'vitest';
import { cueAllowed } from './sound-effects';
import type { SoundOutput } from './sound-output';
import { DEFAULT_SOUND_SETTINGS } from './sound-settings';

/** A room player's output as the rule reads it: its context's state and whether music plays. */
function output(state: AudioContextState, playing: boolean): SoundOutput {
  const context = { state } as AudioContext;
  return { context: () => context, playing: () => playing };
}

describe('when an interface sound plays', () => {
  const quietRoom = output('running', false);

  it('plays when sound effects are on and the room is quiet', () => {
    expect(cueAllowed(true, quietRoom, DEFAULT_SOUND_SETTINGS)).toBe(true);
  });

  it('is silent when sound effects are off, or with no room player open', () => {
    expect(cueAllowed(false, quietRoom, DEFAULT_SOUND_SETTINGS)).toBe(false);
    expect(cueAllowed(true, null, DEFAULT_SOUND_SETTINGS)).toBe(false);
  });

  it('is silent over music unless the person allowed it', () => {
    const playing = output('running', true);
    expect(cueAllowed(true, playing, DEFAULT_SOUND_SETTINGS)).toBe(false);
    expect(cueAllowed(true, playing, { ...DEFAULT_SOUND_SETTINGS, duringPlayback: true })).toBe(
      true,
    );
  });

  it('is silent at volume 0 and while the browser holds the audio back', () => {
    expect(cueAllowed(true, quietRoom, { ...DEFAULT_SOUND_SETTINGS, volume: 0 })).toBe(false);
    expect(cueAllowed(true, output('suspended', false), DEFAULT_SOUND_SETTINGS)).toBe(false);
  });
});

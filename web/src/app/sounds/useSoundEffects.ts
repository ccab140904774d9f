import { useCallback } from 'react';
import { usePreferenceValues } from '../preferences/usePreferences';
import { playSoundEffect } from './sound-effects';
import type { SoundCue } from './sound-cues';

/** Plays an interface sound when the signed-in user has sound effects on (see cueAllowed). */
export function useSoundEffects(): (cue: SoundCue) => void {
  const enabled = usePreferenceValues()?.soundEffects === true;
  return useCallback((cue: SoundCue) => playSoundEffect(cue, enabled), [enabled]);
}

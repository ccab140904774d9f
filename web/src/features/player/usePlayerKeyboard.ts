import { useEffect, useRef } from 'react';
import { positionAt } from '@music-rooms/domain/playback';
import { playerSettings } from './player-settings';
import type { PlayerModel } from './usePlayer';

const SEEK_STEP_MS = 5000;
const VOLUME_STEP = 0.05;

/** Keys typed into a field, or that a focused control handles itself, are left alone. */
function isOwnedByTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="menu"], [role="slider"], [role="listbox"]')) {
    return true;
  }
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  // A focused button or link is pressed with the space bar; the arrows stay the player's.
  return key === ' ' && ['BUTTON', 'A'].includes(target.tagName);
}

/**
 * The player's keys on the room page: space plays or pauses, ← and → seek 5 s, ↑ and ↓ change
 * the volume, M mutes; never while typing in a field or when a focused control takes the key.
 */
export function usePlayerKeyboard(player: PlayerModel): void {
  const latest = useRef(player);
  useEffect(() => {
    latest.current = player;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isOwnedByTarget(event.target, event.key)) return;
      if (handleKey(event.key, latest.current)) event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
}

/** Acts on one key; true when it was the player's. */
function handleKey(key: string, player: PlayerModel): boolean {
  const { view } = player;
  const settings = playerSettings.get();
  switch (key) {
    case 'm':
    case 'M':
      playerSettings.update({ muted: !settings.muted });
      return true;
    case 'ArrowUp':
    case 'ArrowDown': {
      const step = key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP;
      const volume = Math.min(1, Math.max(0, settings.volume + step));
      playerSettings.update({ volume, muted: false });
      return true;
    }
  }
  const state = view?.state;
  if (!view?.canControl || !state) return false;
  if (key === ' ') {
    player.command({ type: state.playing ? 'pause' : 'play' });
    return true;
  }
  if (!state.trackId) return false;
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowRight': {
      const now = positionAt(state, player.clock.serverNow() ?? Date.now());
      const step = key === 'ArrowRight' ? SEEK_STEP_MS : -SEEK_STEP_MS;
      player.command({ type: 'seek', positionMs: Math.max(0, now + step) });
      return true;
    }
    default:
      return false;
  }
}

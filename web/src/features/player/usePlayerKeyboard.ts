import { useEffect, useRef } from 'react';
import { positionAt } from '@music-rooms/domain/playback';
import { isOwnedByTarget } from './key-owner';
import { playerSettings } from './player-settings';
import type { PlayerModel } from './usePlayer';

const SEEK_STEP_MS = 5000;
const VOLUME_STEP = 0.05;
const SEEK_KEYS: Record<string, number> = { ArrowLeft: -SEEK_STEP_MS, ArrowRight: SEEK_STEP_MS };

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
    const seek = seekHold(() => latest.current);
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isOwnedByTarget(event.target, event.key)) return;
      const step = SEEK_KEYS[event.key];
      const handled = step === undefined ? handleKey(event.key, latest.current) : seek.add(step);
      if (handled) event.preventDefault();
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (SEEK_KEYS[event.key] !== undefined) seek.commit();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('keyup', onKeyUp);
    window.addEventListener('blur', seek.commit);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('keyup', onKeyUp);
      window.removeEventListener('blur', seek.commit);
      seek.commit();
    };
  }, []);
}

/**
 * Seeking with ← and →: a held key repeats many times a second, and each repeat only moves
 * where the seek will land; the one command goes when the key is let go, so holding the key
 * never runs into the server's limit on player commands.
 */
function seekHold(current: () => PlayerModel) {
  let targetMs: number | null = null;
  return {
    add(step: number): boolean {
      const { view, clock } = current();
      const state = view?.state;
      if (!view?.canControl || !state?.trackId) return false;
      const from = targetMs ?? positionAt(state, clock.serverNow() ?? Date.now());
      targetMs = Math.max(0, from + step);
      return true;
    },
    commit(): void {
      if (targetMs === null) return;
      const positionMs = targetMs;
      targetMs = null;
      const player = current();
      if (player.view?.canControl) player.command({ type: 'seek', positionMs });
    },
  };
}

/** Acts on one key other than the seek keys; true when it was the player's. */
function handleKey(key: string, player: PlayerModel): boolean {
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
  const state = player.view?.state;
  if (key !== ' ' || !player.view?.canControl || !state) return false;
  player.command({ type: state.playing ? 'pause' : 'play' });
  return true;
}

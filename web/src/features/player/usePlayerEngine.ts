import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RoomId } from '@music-rooms/domain/ids';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { provideSoundOutput } from '../../app/sounds/sound-output';
import { useRealtimeClient } from '../../lib/realtime/realtime-context';
import type { PlayerClock } from './engine/player-clock';
import type { SyncEngine } from './engine/sync-engine';
import type { EngineStatus } from './engine/sync-state';
import { claimEarlyPlayer, earlyClock, earlyPlayerFor } from './early-player';
import { usePlayerSettings } from './usePlayerSettings';
import { makePlayerClock, makePlayerParts } from './player-parts';
import { installPlayerHook } from './test-hook';
import { followOutputDelay } from './follow-output-delay';

export type PlayerEngine = { engine: SyncEngine; clock: PlayerClock; status: EngineStatus };

/**
 * The room page's clock and sync engine, made once for the page and closed with it (or the ones
 * a playing room's page started as it opened, early-player.ts); the local volume settings and the
 * output's delay follow into it, the test hook reads it, and the interface sounds play through
 * its audio context.
 */
export function usePlayerEngine(roomId: RoomId, pass: RoomAccessArgs): PlayerEngine {
  const client = useRealtimeClient();
  const { accessToken, session_id } = pass;
  const [parts] = useState(
    () =>
      earlyPlayerFor(roomId, pass) ??
      makePlayerParts(earlyClock() ?? makePlayerClock(client), { accessToken, session_id }),
  );
  const { clock, engine } = parts;

  useEffect(() => {
    claimEarlyPlayer(parts);
    // Both go on where the early player started them.
    clock.start();
    engine.start();
    const stopDelay = followOutputDelay(engine);
    const removeHook = installPlayerHook(() => engine.snapshot());
    // The app's interface sounds play through this page's one AudioContext.
    const removeSoundOutput = provideSoundOutput({
      context: () => engine.outputContext(),
      playing: () => engine.snapshot().playing,
    });
    // Any click or key press on the page lets blocked audio start (spec: "click to start playback").
    const unlock = () => engine.unlock();
    document.addEventListener('pointerdown', unlock, true);
    document.addEventListener('keydown', unlock, true);
    return () => {
      document.removeEventListener('pointerdown', unlock, true);
      document.removeEventListener('keydown', unlock, true);
      removeSoundOutput();
      removeHook();
      stopDelay();
      engine.stop();
      clock.stop();
    };
  }, [parts, clock, engine]);

  const settings = usePlayerSettings();
  useEffect(() => {
    engine.setVolume(settings.volume, settings.muted);
    engine.setNormalize(settings.normalize);
  }, [engine, settings]);

  const status = useSyncExternalStore(
    (listener) => engine.subscribe(listener),
    () => engine.getStatus(),
  );
  return { engine, clock, status };
}

import { useEffect, useState, useSyncExternalStore } from 'react';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { provideSoundOutput } from '../../app/sounds/sound-output';
import { useRealtimeClient } from '../../lib/realtime/realtime-context';
import { trackOpener } from './engine/open-track';
import { PlayerClock } from './engine/player-clock';
import { SyncEngine } from './engine/sync-engine';
import type { EngineStatus } from './engine/sync-state';
import { usePlayerSettings } from './player-settings';
import { installPlayerHook } from './test-hook';
import { followOutputDelay } from './useOutputDelay';

/** Hears the page waking: shown again, back from the back/forward cache, back online. */
function onPageWake(listener: () => void): () => void {
  const onVisible = () => {
    if (document.visibilityState === 'visible') listener();
  };
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('pageshow', listener);
  window.addEventListener('online', listener);
  return () => {
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('pageshow', listener);
    window.removeEventListener('online', listener);
  };
}

export type PlayerEngine = { engine: SyncEngine; clock: PlayerClock; status: EngineStatus };

/**
 * The room page's clock and sync engine, made once for the page and closed with it; the local
 * volume settings and the output's delay follow into it, the test hook reads it, and the interface sounds play through
 * its audio context.
 */
export function usePlayerEngine(pass: RoomAccessArgs): PlayerEngine {
  const client = useRealtimeClient();
  const { accessToken, session_id } = pass;
  const [parts] = useState(() => {
    const clock = new PlayerClock(client, { onWake: onPageWake });
    const engine = new SyncEngine({
      clock,
      openTrack: trackOpener({ accessToken, session_id }),
    });
    return { clock, engine };
  });
  const { clock, engine } = parts;

  useEffect(() => {
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
  }, [clock, engine]);

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

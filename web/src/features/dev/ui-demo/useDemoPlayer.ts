import { useMemo, useState } from 'react';
import type { PlayerView } from '@music-rooms/domain/player';
import { useRealtimeClient } from '../../../lib/realtime/realtime-context';
import { trackOpener } from '../../player/engine/open-track';
import { PlayerClock } from '../../player/engine/player-clock';
import { SyncEngine } from '../../player/engine/sync-engine';
import type { SyncState } from '../../player/engine/sync-state';
import type { PlayerModel } from '../../player/usePlayer';
import { demoRoomSummary } from './demo-data';

/**
 * A player for the demo's player bar: the real engine and clock, made but never started (no
 * audio context, no probes), with the sync state and playback the page picks. Commands go
 * nowhere: the demo room exists only on the page.
 */
export function useDemoPlayer(sync: SyncState, view: PlayerView): PlayerModel {
  const client = useRealtimeClient();
  const [parts] = useState(() => {
    const clock = new PlayerClock(client);
    const engine = new SyncEngine({ clock, openTrack: trackOpener({}) });
    return { clock, engine };
  });
  return useMemo(
    () => ({
      ...parts,
      status: { sync, driftMs: sync === 'inSync' ? 0.4 : sync === 'syncing' ? 12.5 : null },
      roomId: demoRoomSummary._id,
      pass: {},
      view,
      command: () => {},
      select: () => {},
      unlock: () => {},
    }),
    [parts, sync, view],
  );
}

import { useEffect, useState } from 'react';
import type { RealtimeStatus } from '../../lib/realtime/realtime-client';
import type { SyncState } from './engine/sync-state';

/** What the sync badge says: the engine's state, or how the connection to the room stands. */
export type BadgeState = SyncState | 'reconnecting' | 'backInSync';

/** How long "Back in sync" stays before the badge says "In sync" again. */
export const BACK_IN_SYNC_MS = 4000;

/**
 * The badge's word. While the connection is lost the page may still play from what it has
 * fetched, yet it hears nothing of the room: it says "Reconnecting…" rather than "In sync".
 * Once the connection is back and the music in sync again, it says so for a moment.
 */
export function useBadgeState(sync: SyncState, connection: RealtimeStatus): BadgeState {
  const [returned, setReturned] = useState(false);
  // The connection seen at the last render: a change is adjusted for while rendering.
  const [seen, setSeen] = useState(connection);
  if (seen !== connection) {
    setSeen(connection);
    setReturned(seen === 'lost' && connection === 'open');
  }

  const showBack = returned && sync === 'inSync';
  useEffect(() => {
    if (!showBack) return;
    const timer = setTimeout(() => setReturned(false), BACK_IN_SYNC_MS);
    return () => clearTimeout(timer);
  }, [showBack]);

  if (connection === 'lost') return 'reconnecting';
  return showBack ? 'backInSync' : sync;
}

import type { Listener, RoomActivity, RoomId } from '@music-rooms/domain';
import { LiveQueryRecorder, type TestSocket } from './realtime';

/** Follows rooms.listeners on a socket, as the room's listeners panel does. */
export async function liveListeners(socket: TestSocket, roomId: RoomId) {
  const live = new LiveQueryRecorder(socket);
  const first = await live.subscribe('listeners', 'rooms.listeners', { roomId });
  const latest = () => live.values('listeners').at(-1) as Listener[] | undefined;
  return {
    first,
    /** Resolves with the first list (the latest included) that passes the check. */
    until: async (check: (listeners: Listener[]) => boolean) => {
      for (;;) {
        const now = latest();
        if (now && check(now)) return now;
        await live.next('listeners');
      }
    },
  };
}

/** Collects the room activity a socket hears; `until` waits for one that passes the check. */
export function heardActivity(socket: TestSocket) {
  const heard: RoomActivity[] = [];
  const waiters = new Set<() => void>();
  socket.on('room:activity', (activity) => {
    heard.push(activity);
    for (const wake of waiters) wake();
  });
  return {
    heard,
    until: async (check: (activity: RoomActivity) => boolean) => {
      for (;;) {
        const found = heard.find(check);
        if (found) return found;
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
        });
      }
    },
  };
}

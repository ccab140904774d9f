import type { RoomDetails, RoomListResult } from '@music-rooms/domain';
import type { RoomId } from '@music-rooms/domain';
import type { TestApp } from './app';
import type { SessionClient } from './factories';
import { connect, fetchToken, LiveQueryRecorder, type TestSocket } from './realtime';

/**
 * A socket of a browser tab: a guest's, or a signed-in client's (its session cookie), opened
 * with the browser's id when given, as the web app sends it.
 */
export async function tabSocket(
  t: TestApp,
  client?: SessionClient,
  browserId?: string,
): Promise<TestSocket> {
  const headers: Record<string, string> = client ? { cookie: client.cookie() } : {};
  return connect(t, (await fetchToken(t, headers)).token, browserId ? { browserId } : {});
}

/** presence:join; resolves with whether the server let the socket in. */
export async function join(
  socket: TestSocket,
  roomId: RoomId,
  pass: { accessToken?: string; session_id?: string } = {},
): Promise<boolean> {
  const { ok } = await socket.emitWithAck('presence:join', { roomId, ...pass });
  return ok;
}

/** Watches one room's live count through rooms.get, as the room page does. */
export async function watchActiveUsers(socket: TestSocket, roomId: string) {
  const live = new LiveQueryRecorder(socket);
  await live.subscribe('room', 'rooms.get', { id: roomId });
  const latest = () => (live.values('room').at(-1) as RoomDetails | null)?.activeUsers;
  return {
    /** Resolves once the latest count the room shows is this one (earlier ones do not count). */
    until: async (count: number) => {
      while (latest() !== count) await live.next('room');
    },
    latest,
  };
}

/** The live count of a room as an HTTP call sees it right now. */
export async function activeUsers(client: SessionClient, roomId: string): Promise<number> {
  const res = await client.call<{ value: RoomDetails }>('rooms.get', { id: roomId });
  return res.body.value.activeUsers;
}

export function activeOnCards(result: RoomListResult): Record<string, number> {
  return Object.fromEntries(result.rooms.map((room) => [room.name, room.activeUsers]));
}

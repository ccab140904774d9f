import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  LISTENER_SYNC_STATES,
  TOPICS,
  activityRoomOf,
  roleCan,
  roomAccessArgs,
  roomIdSchema,
  soundRoomOf,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@music-rooms/domain';
import type { Caller } from '../functions/define';
import { findUserById } from '../services/accounts/users-store';
import { resolveRoomAccess } from '../services/rooms/access';
import { roomOpened } from '../services/rooms/notices';
import { findRoomById } from '../services/rooms/store';

type PresenceSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  object,
  { caller: Caller; browserId: string | null }
>;

const joinSchema = z.object({ roomId: roomIdSchema, ...roomAccessArgs });
const leaveSchema = z.object({ roomId: roomIdSchema });
const syncSchema = z.object({
  roomId: roomIdSchema,
  state: z.enum(LISTENER_SYNC_STATES),
  offsetMs: z.number().finite().nullable(),
  muted: z.boolean().default(false),
});

/**
 * Whom a socket counts as: a signed-in user by their id; a guest by the browser id the socket
 * was opened with, so that tabs and reloads of one browser count once. A socket without one
 * counts by itself: whatever tab session ids it joins with, they are one guest.
 */
function memberKeyOf(socket: PresenceSocket): string {
  const { caller, browserId } = socket.data;
  if (caller.userId) return caller.userId;
  return browserId ? `guest:browser:${browserId}` : `guest:socket:${socket.id}`;
}

/**
 * presence:join / presence:leave / presence:sync (design §4 Presence). Joining needs what
 * viewing the room needs (the same access check, with the gate pass). A signed-in user who
 * joins has opened the room: their notice of being added to it is seen. A member's page also
 * hears the room's activity, and the other members hear that they came in.
 */
export function servePresence(app: FastifyInstance, socket: PresenceSocket): void {
  const { presence, syncReports } = app.roomRuntime;
  const fail = (err: unknown) => app.log.error({ err }, 'presence event failed');

  socket.on('presence:join', (request, ack) => {
    const reply = (ok: boolean) => (typeof ack === 'function' ? ack({ ok }) : undefined);
    const parsed = joinSchema.safeParse(request);
    if (!parsed.success) return void reply(false);
    const { roomId, ...pass } = parsed.data;
    void (async () => {
      const room = await findRoomById(app.database.db, roomId);
      const { caller } = socket.data;
      const access = room ? await resolveRoomAccess(app.database.db, caller, room, pass) : null;
      if (!room || !access || access.viewRefusal !== null) return reply(false);
      const memberKey = memberKeyOf(socket);
      const arriving = !(await presence.members(room.id)).some((m) => m.memberKey === memberKey);
      const actor = arriving ? await actorOf(app, memberKey, caller) : null;
      await presence.join(room.id, socket.id, memberKey);
      await socket.join(soundRoomOf(room.id));
      // Told before this page hears the room's activity, so it is not told of itself.
      if (actor) app.roomRuntime.activity.tell({ roomId: room.id, kind: 'joined', actor });
      if (roleCan(access.role, 'users.view')) await socket.join(activityRoomOf(room.id));
      reply(true);
      if (caller.userId && (await roomOpened(app.database.db, room.id, caller.userId))) {
        await app.topics.publish([TOPICS.userRooms(caller.userId)]);
      }
    })().catch((err: unknown) => {
      fail(err);
      reply(false);
    });
  });

  socket.on('presence:leave', (request) => {
    const parsed = leaveSchema.safeParse(request);
    if (!parsed.success) return;
    const { roomId } = parsed.data;
    void socket.leave(activityRoomOf(roomId));
    void socket.leave(soundRoomOf(roomId));
    void presence.leave(roomId, socket.id).catch(fail);
    void syncReports.forget(socket.id, roomId).catch(fail);
  });

  socket.on('presence:sync', (request) => {
    const parsed = syncSchema.safeParse(request);
    if (parsed.success)
      void syncReports.report(socket.id, memberKeyOf(socket), parsed.data).catch(fail);
  });

  socket.on('disconnect', () => {
    void presence.leaveAll(socket.id).catch(fail);
    void syncReports.forget(socket.id).catch(fail);
  });
}

/** Who came in, as the activity line names them. */
async function actorOf(app: FastifyInstance, key: string, caller: Caller) {
  const user = caller.userId ? await findUserById(app.database.db, caller.userId) : null;
  return { key, name: user?.name ?? null };
}

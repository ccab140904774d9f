import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import {
  roomAccessArgs,
  roomIdSchema,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@music-rooms/domain';
import type { Caller } from '../functions/define';
import { resolveRoomAccess } from '../services/rooms/access';
import { findRoomById } from '../services/rooms/store';

type PresenceSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  object,
  { caller: Caller }
>;

const joinSchema = z.object({ roomId: roomIdSchema, ...roomAccessArgs });
const leaveSchema = z.object({ roomId: roomIdSchema });

/**
 * presence:join / presence:leave (design §4 Presence). Joining needs what viewing the room
 * needs (the same access check, with the gate pass); a guest counts by their tab's session id.
 */
export function servePresence(app: FastifyInstance, socket: PresenceSocket): void {
  const { presence } = app.roomRuntime;
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
      const memberKey = caller.userId ?? `guest:${pass.session_id ?? socket.id}`;
      await presence.join(room.id, socket.id, memberKey);
      reply(true);
    })().catch((err: unknown) => {
      fail(err);
      reply(false);
    });
  });

  socket.on('presence:leave', (request) => {
    const parsed = leaveSchema.safeParse(request);
    if (parsed.success) void presence.leave(parsed.data.roomId, socket.id).catch(fail);
  });

  socket.on('disconnect', () => void presence.leaveAll(socket.id).catch(fail));
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyRead } from '../../../lib/realtime/early-reads';
import { readRoomEarly } from './room-early-reads';

/** The functions the page read, in order; the room's info lets the viewer into room r1. */
let read: Array<{ path: string; args: unknown }> = [];
beforeEach(() => {
  read = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: { body: string }) => {
      const { path, args } = JSON.parse(init.body) as { path: string; args: unknown };
      read.push({ path, args });
      const value = path === 'rooms.getRoomInfoByUrl' ? { room: { _id: 'r1' } } : {};
      return new Response(JSON.stringify({ status: 'success', value }));
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a room page’s early reads', () => {
  it('reads the room’s info at once, then the room and its player with the page’s args', async () => {
    readRoomEarly('/ru/room/late%20night');
    await vi.waitFor(() => expect(read).toHaveLength(3));
    expect(read).toEqual([
      { path: 'rooms.getRoomInfoByUrl', args: { room_url: 'late night' } },
      { path: 'rooms.get', args: { id: 'r1' } },
      { path: 'player.get', args: { roomId: 'r1' } },
    ]);
    // The page's live queries take them (and no later file of the run finds them).
    for (const { path, args } of read) {
      expect(takeEarlyRead(path, args as Record<string, unknown>), path).not.toBeNull();
    }
  });

  it('reads nothing on another page, or at a room address that is no valid escape', () => {
    readRoomEarly('/settings');
    readRoomEarly('/room/%E0%A4%A');
    expect(read).toEqual([]);
  });
});

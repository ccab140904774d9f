import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyClient } from '../../../lib/realtime/early-client';
import { takeEarlyRead } from '../../../lib/realtime/early-reads';
import { takeEarlyTrack } from '../../player/engine/early-track';
import { readRoomEarly } from './room-early-reads';

/** The functions the page read, in order; the room's info lets the viewer into room r1. */
let read: Array<{ path: string; args: unknown }> = [];
let answers: Record<string, unknown> = {};
/** The manifests the page asked for (the player's early track). */
let manifests: string[] = [];
/** How many realtime tokens the page asked for. */
let tokens = 0;
beforeEach(() => {
  read = [];
  manifests = [];
  tokens = 0;
  answers = { 'rooms.getRoomInfoByUrl': { room: { _id: 'r1' } } };
  vi.stubGlobal('OfflineAudioContext', class {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: string }) => {
      if (url.includes('/realtime/token')) {
        tokens += 1;
        return new Response('{}', { status: 503 });
      }
      if (url.includes('/playback')) {
        manifests.push(url);
        return new Response('{}', { status: 404 });
      }
      const { path, args } = JSON.parse(init.body) as { path: string; args: unknown };
      read.push({ path, args });
      return new Response(JSON.stringify({ status: 'success', value: answers[path] ?? {} }));
    }),
  );
});
afterEach(() => {
  // The client a room page connected: it never gets further than its token (the stand-in fetch).
  takeEarlyClient()?.stop();
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

  it('connects the tab’s realtime client at once on a room page, and only there', async () => {
    readRoomEarly('/settings');
    expect(takeEarlyClient()).toBeNull();
    readRoomEarly('/room/late%20night');
    const client = takeEarlyClient();
    expect(client).not.toBeNull();
    // It asks for its token before any query is watched.
    await vi.waitFor(() => expect(tokens).toBe(1));
    client!.stop();
    expect(takeEarlyClient()).toBeNull();
  });

  it('opens the track of a playing room for the player, and none of a paused one', async () => {
    const state = { trackId: 't1', playing: false, positionMs: 0, atServerMs: 0, durationMs: 1 };
    answers['player.get'] = { state };
    readRoomEarly('/room/paused');
    await vi.waitFor(() => expect(read).toHaveLength(3));
    answers['player.get'] = { state: { ...state, playing: true } };
    readRoomEarly('/room/playing');
    await vi.waitFor(() => expect(manifests).toEqual(['/api/tracks/t1/playback']));
    expect(takeEarlyTrack('/api/tracks/t1/playback')).not.toBeNull();
  });

  it('reads nothing on another page, or at a room address that is no valid escape', () => {
    readRoomEarly('/settings');
    readRoomEarly('/room/%E0%A4%A');
    expect(read).toEqual([]);
  });
});

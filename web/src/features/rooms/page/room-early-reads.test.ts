// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyClient } from '../../../lib/realtime/early-client';
import { takeEarlyRead } from '../../../lib/realtime/early-reads';
import { asRoomId } from '@music-rooms/domain/ids';
import { claimEarlyPlayer, earlyClock, earlyPlayerFor } from '../../player/early-player';
import { readRoomEarly } from './room-early-reads';

/** The functions the page read, in order; the room's info lets the viewer into room r1. */
let read: Array<{ path: string; args: unknown }> = [];
let answers: Record<string, unknown> = {};
/** The manifests the page asked for (the player's early track). */
let manifests: string[] = [];
/** How many realtime tokens the page asked for. */
let tokens = 0;
/** The manifests asked for and the audio contexts made, in order. */
let steps: string[] = [];
/** Whether the manifest's answers are held back (a slow server). */
let holdManifests = false;

/** The few calls a player makes of its AudioContext while the browser keeps it suspended. */
class StandInContext {
  constructor() {
    steps.push('context');
  }
  state = 'suspended';
  currentTime = 0;
  destination = {};
  createGain = () => ({ gain: { value: 1 }, connect() {}, disconnect() {} });
  createConstantSource = () => ({ offset: { value: 0 }, connect() {}, start() {} });
  resume = () => Promise.resolve();
  close = () => Promise.resolve();
  getOutputTimestamp = () => ({});
  addEventListener() {}
  removeEventListener() {}
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
beforeEach(() => {
  read = [];
  manifests = [];
  tokens = 0;
  steps = [];
  holdManifests = false;
  answers = { 'rooms.getRoomInfoByUrl': { room: { _id: 'r1' } } };
  vi.stubGlobal('AudioContext', StandInContext);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: { body: string }) => {
      if (url.includes('/realtime/token')) {
        tokens += 1;
        return new Response('{}', { status: 503 });
      }
      if (url.includes('/playback')) {
        manifests.push(url);
        steps.push('manifest');
        if (holdManifests) return new Promise<Response>(() => {});
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

  it('takes the reads its page came with instead of asking, and asks for the rest', async () => {
    const state = { trackId: 't1', playing: false, positionMs: 0, atServerMs: 0, durationMs: 1 };
    const given = [
      {
        path: 'rooms.getRoomInfoByUrl',
        args: { room_url: 'given' },
        value: { room: { _id: 'r2' } },
      },
      { path: 'player.get', args: { roomId: 'r2' }, value: { state } },
    ];
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'first-reads';
    element.textContent = JSON.stringify(given);
    document.body.append(element);
    readRoomEarly('/room/given');
    // The room itself was not in the page: it alone is asked for.
    await vi.waitFor(() => expect(read).toEqual([{ path: 'rooms.get', args: { id: 'r2' } }]));
    const player = takeEarlyRead('player.get', { roomId: 'r2' });
    expect(await player).toEqual({ state });
    expect(takeEarlyRead('rooms.getRoomInfoByUrl', { room_url: 'given' })).not.toBeNull();
    expect(takeEarlyRead('rooms.get', { id: 'r2' })).not.toBeNull();
    // Taken once: a later opening of the same room asks.
    expect(document.getElementById('first-reads')).toBeNull();
    readRoomEarly('/room/given');
    await vi.waitFor(() =>
      expect(read[1]).toEqual({ path: 'rooms.getRoomInfoByUrl', args: { room_url: 'given' } }),
    );
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

  it('starts the player of a playing room, and none of a paused one', async () => {
    const state = { trackId: 't1', playing: false, positionMs: 0, atServerMs: 0, durationMs: 1 };
    answers['player.get'] = { state };
    readRoomEarly('/room/paused');
    await vi.waitFor(() => expect(read).toHaveLength(3));
    await settle();
    expect(earlyPlayerFor(asRoomId('r1'), {})).toBeNull();
    answers['player.get'] = { state: { ...state, playing: true } };
    readRoomEarly('/room/playing');
    await vi.waitFor(() => expect(earlyPlayerFor(asRoomId('r1'), {})).not.toBeNull());
    // The track is fetched as its player starts.
    await vi.waitFor(() => expect(manifests).toEqual(['/api/tracks/t1/playback']));
    const player = earlyPlayerFor(asRoomId('r1'), {})!;
    // On the clock the page started as it opened.
    expect(player.clock).toBe(earlyClock());
    claimEarlyPlayer(player);
    player.engine.stop();
    player.clock.stop();
  });

  it('reads nothing on another page, or at a room address that is no valid escape', () => {
    readRoomEarly('/settings');
    readRoomEarly('/room/%E0%A4%A');
    expect(read).toEqual([]);
  });

  it('makes the player’s output right after asking for the manifest, not after its answer', async () => {
    // Fresh modules: the test before claimed the early player, which only a new page undoes.
    vi.resetModules();
    const early = await import('../../player/early-player');
    const { readRoomEarly: readEarlyOnNewPage } = await import('./room-early-reads');
    const state = { trackId: 't1', playing: true, positionMs: 0, atServerMs: 0, durationMs: 1 };
    answers['player.get'] = { state };
    holdManifests = true;
    // The early track opens where the page has an offline context to decode with.
    vi.stubGlobal('OfflineAudioContext', class {});
    readEarlyOnNewPage('/room/playing');
    await vi.waitFor(() => expect(early.earlyPlayerFor(asRoomId('r1'), {})).not.toBeNull());
    expect(steps).toEqual(['manifest', 'context']);
    const player = early.earlyPlayerFor(asRoomId('r1'), {})!;
    early.claimEarlyPlayer(player);
    player.engine.stop();
    player.clock.stop();
    (await import('../../../lib/realtime/early-client')).takeEarlyClient()?.stop();
  });
});

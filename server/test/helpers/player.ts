import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import {
  PLAYER_ERRORS,
  TOPICS,
  type PlaybackState,
  type PlayerCalls,
  type PlayerCommand,
  type PlayerView,
  type RoomId,
} from '@music-rooms/domain';
import { findPlayback } from '../../src/services/player/playback-store';
import type { RoomRow } from '../../src/services/rooms/store';
import type { TrackRow } from '../../src/services/tracks/store';
import { startTestApp, type TestApp } from './app';
import { createTestDatabase } from './database';
import type { FunctionBody, JsonReply, SessionClient } from './factories';
import { LiveQueryRecorder, type TestSocket } from './realtime';
import { createTrack } from './tracks';

/** player.command as a client sends it; the raw answer. */
export function sendCommand(
  client: SessionClient,
  roomId: RoomId,
  revision: number,
  command: PlayerCommand,
): Promise<JsonReply<FunctionBody>> {
  return client.call('player.command', { roomId, revision, command });
}

/** A command that must succeed: the state it answered. */
export async function command(
  client: SessionClient,
  roomId: RoomId,
  revision: number,
  playerCommand: PlayerCommand,
): Promise<PlaybackState> {
  const res = await sendCommand(client, roomId, revision, playerCommand);
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return (res.body.value as { state: PlaybackState }).state;
}

/**
 * A command on whatever the state is now, sent again when a track's end got in first (as a
 * client does when told its revision is stale).
 */
export async function commandOnLatest(
  client: SessionClient,
  roomId: RoomId,
  playerCommand: PlayerCommand,
): Promise<PlaybackState> {
  for (;;) {
    const { state } = await playerView(client, roomId);
    const res = await sendCommand(client, roomId, state.revision, playerCommand);
    if (res.body.errorData?.key === PLAYER_ERRORS.staleRevision) continue;
    expect(res.body.status, JSON.stringify(res.body)).toBe('success');
    return (res.body.value as { state: PlaybackState }).state;
  }
}

/** player.get over HTTP, as the page's first read does. */
export async function playerView(
  client: SessionClient,
  roomId: RoomId,
  pass: Record<string, string> = {},
): Promise<PlayerView> {
  const res = await client.call('player.get', { roomId, ...pass });
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return res.body.value as PlayerView;
}

/** Short ready tracks in the room's default playlist, in this order. */
export async function shortTracks(
  t: TestApp,
  room: RoomRow,
  durations: readonly number[],
): Promise<TrackRow[]> {
  const made: TrackRow[] = [];
  for (const [i, durationMs] of durations.entries()) {
    made.push(await createTrack(t, { room, durationMs, title: `Short ${i + 1}` }));
  }
  return made;
}

/** The room's playback row as the database holds it. */
export const storedPlayback = (t: TestApp, roomId: RoomId) =>
  findPlayback(t.app.database.db, roomId);

/** Resolves when the app publishes the room's player topic (a change was saved). */
export function nextPlayerChange(t: TestApp, roomId: RoomId): Promise<void> {
  return new Promise((resolve) => {
    const stop = t.app.topics.onTopics((topics) => {
      if (!topics.includes(TOPICS.player(roomId))) return;
      stop();
      resolve();
    });
  });
}

/** Waits for saved changes until the stored playback matches (or the test times out). */
export async function storedUntil(
  t: TestApp,
  roomId: RoomId,
  matches: (row: NonNullable<Awaited<ReturnType<typeof storedPlayback>>>) => boolean,
) {
  for (;;) {
    const change = nextPlayerChange(t, roomId);
    const row = await storedPlayback(t, roomId);
    if (row && matches(row)) return row;
    await change;
  }
}

/** The player of a room as a socket's live query sees it. */
export async function livePlayer(socket: TestSocket, roomId: RoomId, id = 'player') {
  const live = new LiveQueryRecorder(socket);
  await live.subscribe(id, 'player.get', { roomId });
  const latest = () => live.values(id).at(-1) as PlayerView;
  return {
    latest,
    /** Every answer the socket got for the query, values and errors, in order. */
    messages: () => live.messages(id),
    /** How many values came as a channel's broadcast rather than by themselves. */
    sharedMessages: () => live.sharedMessages,
    /** Resolves once the query's latest answer is an error (the one already received counts). */
    untilError: async () => {
      while (live.messages(id).at(-1)?.kind !== 'error') await live.next(id);
    },
    /** Resolves with the first view (the current one included) that matches. */
    until: async (matches: (view: PlayerView) => boolean) => {
      while (!matches(latest())) await live.next(id);
      return latest();
    },
  };
}

/**
 * A way to start apps one after another on the same data: the same PostgreSQL database (CI's
 * second pass), or the same folder with the embedded database on disk.
 */
export async function lastingData() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'player-restart-'));
  const database = process.env.DATABASE_URL
    ? await createTestDatabase(process.env.DATABASE_URL)
    : null;
  return {
    start: () =>
      database
        ? startTestApp({ DATABASE_URL: database.url, DATA_DIR: dataDir })
        : startTestApp(
            { DATA_DIR: dataDir },
            { config: { databaseUrl: null, embeddedDb: 'disk' } },
          ),
    remove: async () => {
      await database?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The client's way of sending (PlayerCalls) over a test client: what a page does. */
export function clientCalls(client: SessionClient, roomId: RoomId): PlayerCalls {
  return {
    command: async (revision, playerCommand) => {
      const res = await sendCommand(client, roomId, revision, playerCommand);
      if (res.body.status !== 'success') throw new RefusedCommand(res.body);
      return res.body.value as { state: PlaybackState };
    },
    read: async () => (await playerView(client, roomId)).state,
    isStale: (error) =>
      error instanceof RefusedCommand && error.body.errorData?.key === PLAYER_ERRORS.staleRevision,
  };
}

/** A refusal of player.command, with the server's answer. */
export class RefusedCommand extends Error {
  constructor(readonly body: FunctionBody) {
    super(`player.command refused: ${JSON.stringify(body)}`);
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserId } from '@music-rooms/domain';
import { startTestApp, type TestApp } from '../helpers/app';
import type { FunctionBody, JsonReply } from '../helpers/factories';
import {
  castOfCallers,
  CONTENT_COLUMNS,
  FB,
  NF,
  NS,
  OK,
  PW,
  roomWithEveryRole,
  UN,
  type Actor,
  type Cast,
  type Outcome,
} from '../helpers/permission-table';
import { createTrack, type SeededTrack } from '../helpers/tracks';
import { appFunctions } from '../../src/functions';
import { addEntry } from '../../src/services/tracks/entry-store';
import { insertPlaylist } from '../../src/services/tracks/playlist-store';
import { removeTracksUndoably } from '../../src/services/tracks/removals';
import { insertUpload } from '../../src/services/tracks/upload-store';
import type { RoomRow } from '../../src/services/rooms/store';

/**
 * Every tracks.*, playlists.* and uploads.* function called by every kind of caller (spec §6:
 * participants add; editors and above edit, reorder and remove; viewers and guests only look),
 * written out by hand from the spec's rules.
 */

const COLUMNS = CONTENT_COLUMNS;
type Column = (typeof COLUMNS)[number];

// Columns: owner admin editor participant viewer requested rejected stranger guest |
// stranger: hidden password inviteOnly | guest password | participant password | editor inviteOnly
// prettier-ignore
const EXPECTED: Record<string, Outcome[]> = {
  'tracks.list':              [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, PW, OK, OK],
  'tracks.get':               [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, PW, OK, OK],
  'tracks.update':            [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.updateMany':        [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.remove':            [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.removeMany':        [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.restore':           [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.reorder':           [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.setCover':          [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'tracks.resolveDuplicate':  [OK, OK, OK, OK, NF, NF, NF, NF, NS, NF, NF, NF, NS, OK, OK],
  'tracks.fixDurations':      [OK, OK, OK, OK, OK, OK, OK, OK, NS, OK, OK, OK, NS, OK, OK],
  'uploads.list':             [OK, OK, OK, OK, FB, FB, FB, FB, NS, FB, FB, UN, NS, OK, OK],
  'uploads.cancel':           [OK, OK, OK, OK, NF, NF, NF, NF, NS, NF, NF, NF, NS, OK, OK],
  'playlists.list':           [OK, OK, OK, OK, OK, OK, OK, OK, OK, OK, PW, UN, PW, OK, OK],
  'playlists.create':         [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'playlists.rename':         [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'playlists.remove':         [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'playlists.addTracks':      [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
  'playlists.removeTracks':   [OK, OK, OK, FB, FB, FB, FB, FB, NS, FB, FB, UN, NS, FB, OK],
};

let t: TestApp;
let people: Cast['people'];
let clients: Cast['clients'];

beforeAll(async () => {
  t = await startTestApp();
  ({ people, clients } = await castOfCallers(t));
});

afterAll(async () => t?.close());

const roomFor = (column: Column) => roomWithEveryRole(t, people, column);

type Call = { room: RoomRow; track: SeededTrack; actorId: UserId | null };

/** An upload of the actor's (or of someone else's, for those who may not add) awaiting a choice. */
async function uploadOf({ room, track, actorId }: Call, status: 'duplicate' | 'uploading') {
  const id = `upload${Math.random().toString(36).slice(2, 12)}`;
  const incoming = await createTrack(t, { room, status: 'processing' });
  await insertUpload(t.app.database.db, {
    id,
    roomId: room.id,
    userId: actorId ?? people.owner.id,
    fileName: 'a.mp3',
    sizeBytes: 10,
    status,
    trackId: incoming.id,
    duplicateOf: track.id,
  });
  return id;
}

const extraPlaylist = (room: RoomRow) =>
  insertPlaylist(t.app.database.db, { roomId: room.id, name: 'Extra', createdBy: people.owner.id });

const ARGS: Record<string, (call: Call) => Promise<Record<string, unknown>>> = {
  'tracks.list': async ({ room }) => ({ roomId: room.id }),
  'tracks.get': async ({ track }) => ({ id: track.id }),
  'tracks.update': async ({ track }) => ({ id: track.id, title: 'Renamed' }),
  'tracks.updateMany': async ({ track }) => ({ ids: [track.id], changes: { genre: 'Jazz' } }),
  'tracks.remove': async ({ track }) => ({ id: track.id }),
  'tracks.removeMany': async ({ track }) => ({ ids: [track.id] }),
  // A removal of the owner's, for the caller to undo.
  'tracks.restore': async ({ track }) => {
    const { database, tracksRuntime, jobs, log } = t.app;
    const deps = { db: database.db, storage: tracksRuntime.storage, jobs, log };
    const [removalId] = await removeTracksUndoably(deps, people.owner.id, [track.id]);
    return { removalId: removalId! };
  },
  'tracks.reorder': async ({ track }) => ({ playlistId: track.playlistId, ids: [track.id] }),
  'tracks.setCover': async ({ track }) => ({ id: track.id, uploadId: null }),
  'tracks.resolveDuplicate': async (call) => ({
    uploadId: await uploadOf(call, 'duplicate'),
    choice: 'keepBoth',
  }),
  'tracks.fixDurations': async () => ({}),
  'uploads.list': async ({ room }) => ({ roomId: room.id }),
  'uploads.cancel': async (call) => ({ uploadId: await uploadOf(call, 'uploading') }),
  'playlists.list': async ({ room }) => ({ roomId: room.id }),
  'playlists.create': async ({ room }) => ({ roomId: room.id, name: 'New list' }),
  'playlists.rename': async ({ track }) => ({ id: track.playlistId, name: 'Renamed list' }),
  'playlists.remove': async ({ room }) => {
    const playlist = await insertPlaylist(t.app.database.db, {
      roomId: room.id,
      name: 'Extra',
      createdBy: people.owner.id,
    });
    return { id: playlist.id };
  },
  'playlists.addTracks': async ({ room, track }) => ({
    playlistId: (await extraPlaylist(room)).id,
    ids: [track.id],
  }),
  // The track is in a second playlist too, for the caller to take it out of that one.
  'playlists.removeTracks': async ({ room, track }) => {
    const playlist = await extraPlaylist(room);
    await addEntry(t.app.database.db, {
      playlistId: playlist.id,
      trackId: track.id,
      addedBy: null,
    });
    return { playlistId: playlist.id, ids: [track.id] };
  },
};

/** Error keys of a batch item's refusal, by the code a single call would answer. */
const ITEM_OUTCOMES: Record<string, Outcome> = {
  'rooms.errors.forbidden': FB,
  'rooms.errors.insufficientPermissions': FB,
  'rooms.errors.unavailable': UN,
  'rooms.errors.passwordRequired': PW,
  'tracks.errors.notFound': NF,
};

/** A call's outcome: OK, the code of its refusal, or (for a batch) its one item's refusal. */
function outcomeOf(res: JsonReply<FunctionBody>): Outcome | string {
  if (res.status === 560) return String(res.body.errorData.code);
  if (res.status !== 200) return `HTTP ${res.status}`;
  const results = (res.body.value as { results?: { ok: boolean; error?: string }[] }).results;
  const item = results?.[0];
  if (!item || item.ok) return OK;
  return ITEM_OUTCOMES[item.error ?? ''] ?? `item ${item.error}`;
}

/** Who may decide on an upload: whoever made it, while they may still add tracks there. */
const UPLOADERS = new Set<Actor>(['owner', 'admin', 'editor', 'participant']);

describe.each(Object.entries(EXPECTED))('%s', (path, outcomes) => {
  it.each(COLUMNS.map((column, i) => ({ column, expected: outcomes[i]! })))(
    '$column.name: $expected',
    async ({ column, expected }) => {
      const room = await roomFor(column);
      const track = await createTrack(t, {
        room,
        coverKey: 'covers/x-embedded.webp',
        embeddedCoverKey: 'covers/x-embedded.webp',
      });
      const own = column.actor !== 'guest' && UPLOADERS.has(column.actor);
      const actorId = own ? people[column.actor as Exclude<Actor, 'guest'>].id : null;
      const args = await ARGS[path]!({ room, track, actorId });
      const res = await clients[column.actor].call(path, args);
      expect(outcomeOf(res), JSON.stringify(res.body)).toBe(expected);
    },
  );
});

it('covers every tracks, playlists and uploads function the server offers', () => {
  const offered = appFunctions
    .map((definition) => definition.path)
    .filter((path) => /^(tracks|playlists|uploads)\./.test(path))
    .sort();
  expect(offered).toEqual(Object.keys(EXPECTED).sort());
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FunctionArgs } from '@music-rooms/domain/functions';
import {
  FIRST_MANIFEST_ELEMENT_ID,
  FIRST_READS_ELEMENT_ID,
  PAGE_CLOCK_ELEMENT_ID,
  playbackManifestPath,
  roomInfoRead,
  roomReads,
  type FirstManifest,
  type FirstRead,
  type PageClock,
} from '@music-rooms/domain/first-reads';
import type { PlayerView } from '@music-rooms/domain/player';
import type { TrackId } from '@music-rooms/domain/ids';
import type { Caller } from '../functions/define';
import { serverNow } from '../services/server-clock';
import { playbackManifest } from '../services/tracks/playback';

/**
 * A room page's first reads, answered in the page itself: the room's info by its address and,
 * when that names a room, the room and its player, read as the viewer whose page it is (the
 * same functions, so the same permissions, as POST /api/query). The page's entry takes them
 * (web/src/lib/realtime/early-reads.ts) instead of asking: on a busy phone each of those reads
 * waited for the page's main thread, and the player's music for all of them.
 *
 * When the room plays, the page also carries its track's playback manifest, as
 * `GET /api/tracks/{id}/playback` answers it to the viewer: the page's entry asks for the segment
 * where the room is at once, where the manifest's round trip waited for a main thread busy with
 * the app's code (seen: 0.4–1 s on a busy 2-core machine).
 *
 * A read that fails is left out (the page asks for it and hears the failure as before), and so
 * is everything once the reads take longer than `rooms.firstReadsWaitMs` (a second; the manifest
 * alone, when it is what is late). The page goes out before them, up to its last element
 * (web-app.ts), and its scripts load meanwhile; they run once it has ended, so a server slower
 * than that holds them, and the page then asks for itself.
 */
type Read = (path: string, args: FunctionArgs) => Promise<FirstRead | null>;

/** What a room page carries: its first reads and, when the room plays, its track's manifest. */
export type RoomPageReads = { reads: FirstRead[]; manifest: FirstManifest | null };

export async function roomFirstReads(
  app: FastifyInstance,
  request: FastifyRequest,
  roomUrl: string,
): Promise<RoomPageReads> {
  const none: RoomPageReads = { reads: [], manifest: null };
  const caller = await app.resolveCaller(request).catch(() => null);
  if (caller === null) return none;
  const read: Read = async (path, args) => {
    const definition = app.functions.find(path);
    if (!definition) return null;
    const outcome = await app.functions.run(definition, args, { ...caller, address: request.ip });
    return outcome.status === 'success' ? { path, args, value: outcome.value ?? null } : null;
  };
  const deadline = Date.now() + app.config.rooms.firstReadsWaitMs;
  const reads = await beforeDeadline(readAll(read, roomUrl), deadline, []);
  const manifest = await beforeDeadline(playingManifest(app, caller, reads), deadline, null);
  return { reads, manifest };
}

/** What `work` answers by `deadline` (epoch ms), or `late` after it. */
async function beforeDeadline<T>(work: Promise<T>, deadline: number, late: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(late), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The manifest of the track the player's read says plays, as the viewer may read it; else null. */
async function playingManifest(
  app: FastifyInstance,
  caller: Caller,
  reads: readonly FirstRead[],
): Promise<FirstManifest | null> {
  const player = reads.find((read) => read.path === 'player.get')?.value as PlayerView | null;
  const trackId = player?.state.playing ? player.state.trackId : null;
  if (!trackId) return null;
  const { storage, playback } = app.tracksRuntime;
  const deps = { db: app.database.db, storage, playback };
  const viewer = { userId: caller.userId };
  return playbackManifest(deps, viewer, trackId as TrackId, {}).then(
    (manifest) => ({ url: playbackManifestPath(trackId), manifest }),
    () => null,
  );
}

/** The info, then the room and its player side by side, with the args the page asks them with. */
async function readAll(read: Read, roomUrl: string): Promise<FirstRead[]> {
  const info = roomInfoRead(roomUrl);
  const infoRead = await read(info.path, info.args);
  if (!infoRead) return [];
  const roomId = (infoRead.value as { room?: { _id?: unknown } } | null)?.room?._id;
  if (typeof roomId !== 'string') return [infoRead];
  const answers = await Promise.all(roomReads(roomId).map(({ path, args }) => read(path, args)));
  return [infoRead, ...answers.filter((answer): answer is FirstRead => answer !== null)];
}

/**
 * The reads and the manifest as script elements of the page: JSON, with `<` escaped so that no
 * value (a room's name, say) can end an element or open another.
 */
export function firstReadsElement({ reads, manifest }: RoomPageReads): string {
  return [
    reads.length > 0 ? jsonElement(FIRST_READS_ELEMENT_ID, reads) : '',
    manifest ? jsonElement(FIRST_MANIFEST_ELEMENT_ID, manifest) : '',
  ].join('');
}

/**
 * The server's clock as the page's first part goes (domain/first-reads.ts): now, and when its
 * request came in (`receivedAt`, `request.arrivedAt`), so that the time spent on it here (its
 * session's lookup, say) is no part of the probe's round trip.
 */
export function pageClockElement(receivedAt: number): string {
  const clock: PageClock = { receivedAt, sentAt: serverNow() };
  return jsonElement(PAGE_CLOCK_ELEMENT_ID, clock);
}

function jsonElement(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

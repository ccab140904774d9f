import { randomUUID } from 'node:crypto';
import {
  ACTIVE_ITEM_STATUSES,
  DomainError,
  YANDEX_MUSIC_ERRORS,
  type ImportArgs,
  type ImportView,
  type PlaylistId,
  type RoomId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { inTransaction } from '../../db/transaction';
import type { RequestDeps } from '../deps';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { authorizeTracksOf } from '../tracks/access';
import { removeStoredFiles } from '../tracks/stored-files';
import { trackErrors } from '../tracks/errors';
import { defaultPlaylist, findPlaylist } from '../tracks/playlist-store';
import { DEFAULT_PLAYLIST_NAME } from '../tracks/playlists';
import { nextPosition } from '../tracks/entry-store';
import { deleteTrackRows, findTracks, updateTrackRow } from '../tracks/store';
import { yandexErrors } from './errors';
import {
  deleteItems,
  holdImport,
  insertImport,
  insertItems,
  listItems,
  tracksByServiceIds,
  updateImport,
  updateItem,
  updateItemsOf,
  type ImportItemRow,
  type NewImportItem,
} from './import-store';
import { IMPORT_JOB } from './import-job';
import { insertImportedTrack, type ImportPlace } from './import-tracks';
import { importView, ownImport } from './import-views';
import { factsOf, isRealTrack, type WireTrack } from './wire';

type Deps = Pick<RequestDeps, 'db' | 'storage' | 'log' | 'yandexMusic'>;

/**
 * Starting, retrying and cancelling imports (spec §7 streaming-service flows: download, add to
 * room). Each track to fetch gets a track row in `processing` and a durable job of this
 * process's own kind; the token stays in this process's memory for the jobs to use.
 */

async function playlistOf(tx: Database, roomId: RoomId, playlistId?: PlaylistId) {
  if (!playlistId) return (await defaultPlaylist(tx, roomId, DEFAULT_PLAYLIST_NAME)).id;
  const playlist = await findPlaylist(tx, playlistId);
  if (!playlist || playlist.roomId !== roomId) throw trackErrors.playlistNotFound();
  return playlist.id;
}

const NO_FACTS = {
  album: null,
  year: null,
  genre: null,
  isrc: null,
  artistIds: [],
  coverUri: null,
};

/** The item of a requested track: queued, a duplicate of the room's track, or failed at once. */
function itemOf(id: string, track: WireTrack | undefined, position: number): NewImportItem {
  const base = { importId: '', position, serviceTrackId: id };
  if (!track || !isRealTrack(track)) {
    const failure = YANDEX_MUSIC_ERRORS.trackNotFound;
    return { ...base, title: id, facts: NO_FACTS, status: 'failed', failure };
  }
  return {
    ...base,
    title: (track.version ? `${track.title} (${track.version})` : track.title) || id,
    artists: track.artists
      .map((artist) => artist.name)
      .filter(Boolean)
      .join(', '),
    durationMs: Math.max(0, Math.round(track.durationMs ?? 0)),
    facts: factsOf(track),
    ...(track.available === false
      ? { status: 'failed' as const, failure: YANDEX_MUSIC_ERRORS.unavailable }
      : {}),
  };
}

/** Queues an item: its track row (made anew when it has none) and a job of this process. */
async function queueItem(
  deps: Deps,
  tx: Database,
  place: ImportPlace,
  item: ImportItemRow,
  position?: number,
): Promise<void> {
  const runtime = deps.yandexMusic;
  const [existing] = item.trackId ? await findTracks(tx, [item.trackId]) : [];
  const trackId = existing
    ? (await updateTrackRow(tx, existing.id, { status: 'processing', failure: null }))!.id
    : await insertImportedTrack(tx, place, item, position);
  const jobId = await runtime.queue.enqueue(tx, IMPORT_JOB, {
    importId: item.importId,
    itemId: item.id,
    roomId: place.roomId,
    userId: place.userId,
  });
  await updateItem(tx, item.id, {
    status: 'queued',
    failure: null,
    failureData: {},
    bytesDone: 0,
    bytesTotal: null,
    trackId,
    jobId,
  });
}

/** Starts importing tracks of the service into a room; answers the import with its items. */
export async function startImport(
  deps: Deps,
  viewer: RoomViewer,
  args: ImportArgs,
): Promise<ImportView> {
  const userId = requireSignedIn(viewer);
  await authorizeTracksOf(deps.db, viewer, args.roomId, 'tracks.add');
  const runtime = deps.yandexMusic;
  const ids = [...new Set(args.trackIds)];
  const found = await runtime.client.tracks(args.token, ids, {
    notFound: yandexErrors.trackNotFound,
    failed: yandexErrors.addToRoomFailed,
  });
  const byId = new Map(found.filter(isRealTrack).map((track) => [track.id, track]));
  const importId = randomUUID();
  runtime.tokens.keep(importId, args.token);
  try {
    const row = await inTransaction(deps.db, (tx) =>
      createImport(deps, tx, { importId, userId, args, ids, byId }),
    );
    runtime.queue.wake();
    return row;
  } catch (error) {
    runtime.tokens.forget(importId);
    if (error instanceof DomainError) throw error;
    throw yandexErrors.addToRoomFailed();
  }
}

type NewImportParams = {
  importId: string;
  userId: ImportPlace['userId'];
  args: ImportArgs;
  ids: string[];
  byId: Map<string, WireTrack>;
};

async function createImport(deps: Deps, tx: Database, params: NewImportParams) {
  const { args, ids, byId } = params;
  const runtime = deps.yandexMusic;
  const place = {
    roomId: args.roomId,
    userId: params.userId,
    playlistId: await playlistOf(tx, args.roomId, args.playlistId),
  };
  const row = await insertImport(
    tx,
    { id: params.importId, ...place, title: args.title ?? null, holderNode: runtime.nodeId },
    runtime.timings.holderLeaseMs,
  );
  const inRoom = await tracksByServiceIds(tx, args.roomId, ids);
  const planned = ids.map((id, position) => {
    const item = { ...itemOf(id, byId.get(id), position), importId: row.id };
    const duplicate = inRoom.get(id);
    return duplicate && item.status !== 'failed'
      ? { ...item, status: 'duplicate' as const, trackId: duplicate }
      : item;
  });
  const items = await insertItems(tx, planned);
  let position = await nextPosition(tx, place.playlistId);
  for (const item of items.filter((entry) => entry.status === 'queued')) {
    await queueItem(deps, tx, place, item, position++);
  }
  const queued = items.some((item) => item.status === 'queued');
  const final = queued ? row : await updateImport(tx, row.id, { status: 'finished' });
  if (!queued) runtime.tokens.forget(row.id);
  return importView(final!, await listItems(tx, [row.id]));
}

/** Puts an import's failed tracks (all, or the ones named) back in the queue on this process. */
export async function retryImport(
  deps: Deps,
  viewer: RoomViewer,
  params: { token: string; importId: string; itemIds?: string[] | undefined },
): Promise<ImportView> {
  const row = await ownImport(deps, viewer, params.importId);
  await authorizeTracksOf(deps.db, viewer, row.roomId, 'tracks.add');
  if (row.status === 'cancelled') throw yandexErrors.importNotFound();
  const runtime = deps.yandexMusic;
  runtime.tokens.keep(row.id, params.token);
  const view = await inTransaction(deps.db, async (tx) => {
    const failed = await updateItemsOf(
      tx,
      row.id,
      ['failed'],
      { status: 'queued' },
      params.itemIds,
    );
    const inRoom = await tracksByServiceIds(
      tx,
      row.roomId,
      failed.map((item) => item.serviceTrackId),
    );
    for (const item of failed) {
      const other = inRoom.get(item.serviceTrackId);
      if (other && other !== item.trackId) {
        await updateItem(tx, item.id, { status: 'duplicate', failure: null, trackId: other });
      } else {
        await queueItem(deps, tx, row, item);
      }
    }
    await holdImport(tx, row.id, runtime.nodeId, runtime.timings.holderLeaseMs);
    return importView({ ...row, status: 'active' }, await listItems(tx, [row.id]));
  });
  runtime.queue.wake();
  return view;
}

/**
 * Stops an import: every track not yet ready is dropped (its row and any stored file), the
 * downloads under way here stop, and the token is forgotten.
 */
export async function cancelImport(
  deps: Deps,
  viewer: RoomViewer,
  importId: string,
): Promise<ImportView> {
  const row = await ownImport(deps, viewer, importId);
  const runtime = deps.yandexMusic;
  const { view, dropped } = await inTransaction(deps.db, async (tx) => {
    const stopped = await updateItemsOf(tx, row.id, [...ACTIVE_ITEM_STATUSES, 'failed'], {
      status: 'cancelled',
    });
    const trackIds = stopped.flatMap((item) => (item.trackId ? [item.trackId] : []));
    const dropped = (await findTracks(tx, trackIds)).filter((track) => track.status !== 'ready');
    await deleteTrackRows(
      tx,
      dropped.map((track) => track.id),
    );
    const updated =
      row.status === 'cancelled' ? row : await updateImport(tx, row.id, { status: 'cancelled' });
    return { view: importView(updated!, await listItems(tx, [row.id])), dropped };
  });
  runtime.downloads.stop(view.items.map((item) => item.itemId));
  runtime.tokens.forget(row.id);
  await removeStoredFiles(deps, dropped);
  return view;
}

/**
 * Removes an import's failed tracks (all, or the ones named) from its panel, with the failed
 * track rows they left: a failure is its importer's to read, retry or remove, and once removed
 * it leaves no trace in the room.
 */
export async function removeFailedItems(
  deps: Deps,
  viewer: RoomViewer,
  params: { importId: string; itemIds?: string[] | undefined },
): Promise<ImportView> {
  const row = await ownImport(deps, viewer, params.importId);
  const named = params.itemIds ? new Set(params.itemIds) : null;
  const { view, dropped } = await inTransaction(deps.db, async (tx) => {
    const failed = (await listItems(tx, [row.id])).filter(
      (item) => item.status === 'failed' && (!named || named.has(item.id)),
    );
    const trackIds = failed.flatMap((item) => (item.trackId ? [item.trackId] : []));
    const dropped = (await findTracks(tx, trackIds)).filter((track) => track.status === 'failed');
    await deleteTrackRows(
      tx,
      dropped.map((track) => track.id),
    );
    await deleteItems(
      tx,
      failed.map((item) => item.id),
    );
    return { view: importView(row, await listItems(tx, [row.id])), dropped };
  });
  await removeStoredFiles(deps, dropped);
  return view;
}

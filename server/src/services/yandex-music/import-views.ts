import type { ImportView, RoomId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { authorizeTracksOf } from '../tracks/access';
import { yandexErrors } from './errors';
import {
  findImport,
  listItems,
  listUserImports,
  type ImportItemRow,
  type ImportRow,
} from './import-store';

type Deps = Pick<RequestDeps, 'db'>;

/** An import as its importer follows it. */
export function importView(row: ImportRow, items: readonly ImportItemRow[]): ImportView {
  return {
    importId: row.id,
    roomId: row.roomId,
    playlistId: row.playlistId,
    title: row.title,
    status: row.status,
    createdAt: row.createdAt.getTime(),
    items: items
      .filter((item) => item.importId === row.id)
      .map((item) => ({
        itemId: item.id,
        serviceTrackId: item.serviceTrackId,
        title: item.title,
        artists: item.artists,
        durationMs: item.durationMs,
        status: item.status,
        failure: item.failure,
        failureData: item.failureData,
        bytesDone: item.bytesDone,
        bytesTotal: item.bytesTotal,
        trackId: item.trackId,
      })),
  };
}

/** The caller's own import, or not_found (someone else's import is not theirs to see). */
export async function ownImport(deps: Deps, viewer: RoomViewer, importId: string) {
  const userId = requireSignedIn(viewer);
  const row = await findImport(deps.db, importId);
  if (!row || row.userId !== userId) throw yandexErrors.importNotFound();
  return row;
}

/** One import of the caller's, while they may still add tracks to its room. */
export async function importStatus(
  deps: Deps,
  viewer: RoomViewer,
  importId: string,
): Promise<ImportView> {
  const row = await ownImport(deps, viewer, importId);
  await authorizeTracksOf(deps.db, viewer, row.roomId, 'tracks.add');
  return importView(row, await listItems(deps.db, [row.id]));
}

/** The caller's imports into a room from the last day, newest first. */
export async function listImports(
  deps: Deps,
  viewer: RoomViewer,
  roomId: RoomId,
): Promise<ImportView[]> {
  const userId = requireSignedIn(viewer);
  await authorizeTracksOf(deps.db, viewer, roomId, 'tracks.add');
  const rows = await listUserImports(deps.db, userId, roomId, new Date(Date.now() - 86_400_000));
  const items = await listItems(
    deps.db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => importView(row, items));
}

import {
  DomainError,
  DEV_TRACK_ERRORS,
  type DevDuplicateGroup,
  type DevDuplicateResolution,
  type DevDuplicates,
  type RoomId,
  type TrackId,
} from '@music-rooms/domain';
import { inTransaction } from '../../db/transaction';
import type { RequestDeps } from '../deps';
import { deleteTracks } from '../tracks/batch';
import { takeOverEntries } from '../tracks/entry-store';
import { trackErrors } from '../tracks/errors';
import { findTracks, updateTrackRow, type TrackRow } from '../tracks/store';
import { removeStoredFiles, type StoredFiles } from '../tracks/stored-files';
import {
  duplicatePairs,
  duplicateRows,
  pointImportItemsAt,
  roomsWithTracks,
} from './duplicates-store';

type Deps = Pick<RequestDeps, 'db' | 'storage' | 'log'>;

/**
 * Joins pairs of alike tracks into groups: a track alike to one of a group belongs to it (A like
 * B and B like C make one group even when A and C differ by more than the rule allows).
 */
function groupPairs(pairs: readonly [TrackId, TrackId][]): TrackId[][] {
  const parent = new Map<TrackId, TrackId>();
  const root = (id: TrackId): TrackId => {
    let at = id;
    while (parent.get(at) !== at) at = parent.get(at)!;
    return at;
  };
  for (const [a, b] of pairs) {
    for (const id of [a, b]) if (!parent.has(id)) parent.set(id, id);
    parent.set(root(a), root(b));
  }
  const groups = new Map<TrackId, TrackId[]>();
  for (const id of parent.keys()) groups.set(root(id), [...(groups.get(root(id)) ?? []), id]);
  return [...groups.values()];
}

/** The duplicate groups of one room, or of every room, with the rooms to pick from. */
export async function listDuplicates(deps: Deps, roomId: RoomId | null): Promise<DevDuplicates> {
  const [groups, rooms] = await Promise.all([
    groupPairs(await duplicatePairs(deps.db, roomId)),
    roomsWithTracks(deps.db),
  ]);
  const rows = await duplicateRows(deps.db, groups.flat());
  const byId = new Map(rows.map((row) => [row.track.id, row]));
  const order = new Map(rows.map((row, index) => [row.track.id, index]));
  return {
    rooms,
    groups: groups
      .map((ids) => ids.sort((a, b) => order.get(a)! - order.get(b)!).map((id) => byId.get(id)!))
      .map((members): DevDuplicateGroup => {
        const hashes = new Set(members.map((row) => row.track.contentHash));
        const first = members[0]!;
        return {
          room: { id: first.track.roomId, name: first.roomName },
          reason: hashes.size === 1 && !hashes.has(null) ? 'sameContent' : 'sameTags',
          tracks: members.map(({ track, uploaderName }) => ({
            id: track.id,
            title: track.title,
            artist: track.artist,
            durationMs: track.durationMs,
            sizeBytes: track.sizeBytes,
            format: track.format,
            bitrate: track.bitrate,
            contentHash: track.contentHash,
            coverVersion: track.coverKey ? track.coverVersion : null,
            uploadedAt: track.uploadedAt.getTime(),
            uploaderName,
          })),
        };
      })
      .sort(
        (a, b) =>
          a.room.name.localeCompare(b.room.name) ||
          a.tracks[0]!.uploadedAt - b.tracks[0]!.uploadedAt,
      ),
  };
}

/** What the kept copy takes from the removed ones in a merge: what it lacks, first copy first. */
function mergedFields(kept: TrackRow, others: readonly TrackRow[]) {
  const first = <K extends keyof TrackRow>(key: K): TrackRow[K] =>
    kept[key] ?? others.find((other) => other[key] !== null)?.[key] ?? kept[key];
  const coverFrom = kept.coverKey ? null : (others.find((other) => other.coverKey) ?? null);
  return {
    fields: {
      album: first('album'),
      year: first('year'),
      genre: first('genre'),
      isrc: first('isrc'),
      spotifyId: first('spotifyId'),
      serviceTrackId: first('serviceTrackId'),
      artistExternalIds: Object.assign(
        {},
        ...[...others].reverse().map((other) => other.artistExternalIds),
        kept.artistExternalIds,
      ) as Record<string, string>,
      ...(coverFrom
        ? {
            coverKey: coverFrom.coverKey,
            embeddedCoverKey: kept.embeddedCoverKey ?? coverFrom.embeddedCoverKey,
            coverVersion: coverFrom.coverVersion,
          }
        : {}),
    },
    /** The stored files the kept copy now uses, which must outlive the copies removed. */
    taken: new Set([coverFrom?.coverKey, coverFrom?.embeddedCoverKey].filter(Boolean)),
  };
}

const without = (files: StoredFiles, taken: Set<unknown>): StoredFiles => ({
  ...files,
  coverKey: taken.has(files.coverKey) ? null : files.coverKey,
  embeddedCoverKey: taken.has(files.embeddedCoverKey) ? null : files.embeddedCoverKey,
});

/**
 * Keeps one copy of a duplicate group and removes the others, with their files. Every copy
 * named must still be in the kept one's group (same room, alike by the rule); else nothing
 * changes. Answers the room, whose lists changed.
 */
export async function resolveDuplicates(
  deps: Deps,
  args: { keepId: TrackId; removeIds: readonly TrackId[]; resolution: DevDuplicateResolution },
): Promise<{ removed: number; roomId: RoomId }> {
  const [kept] = await findTracks(deps.db, [args.keepId]);
  if (!kept || kept.status !== 'ready') throw trackErrors.notFound();
  const removeIds = [...new Set(args.removeIds)];
  const group = groupPairs(await duplicatePairs(deps.db, kept.roomId)).find((ids) =>
    ids.includes(kept.id),
  );
  if (!group || removeIds.some((id) => id === kept.id || !group.includes(id))) {
    throw new DomainError('conflict', DEV_TRACK_ERRORS.notDuplicates);
  }
  const { removed, taken } = await inTransaction(deps.db, async (tx) => {
    let taken = new Set<unknown>();
    if (args.resolution === 'merge') {
      const merged = mergedFields(kept, await findTracks(tx, removeIds));
      taken = merged.taken;
      await updateTrackRow(tx, kept.id, merged.fields);
      await pointImportItemsAt(tx, removeIds, kept.id);
    }
    await takeOverEntries(tx, kept.id, removeIds);
    return { removed: await deleteTracks(tx, removeIds), taken };
  });
  await removeStoredFiles(
    deps,
    removed.map((files) => without(files, taken)),
  );
  return { removed: removed.length, roomId: kept.roomId };
}

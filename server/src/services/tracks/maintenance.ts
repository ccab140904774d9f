import { ROOM_ROLES, roleCan, type RoomId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import {
  analyseAudio,
  ffmpegTimeLimitMs,
  longestAudioSeconds,
  readAudioTags,
  resolveFfmpegPath,
} from '../../media';
import { withScratchFile } from '../../storage/scratch-files';
import { findUserById, isSuperAdmin } from '../accounts/users-store';
import { requireSignedIn, type RoomViewer } from '../rooms/access';
import { roomIdsWhereRole, updateTrackRow, zeroDurationTracks, type TrackRow } from './store';

type Deps = Pick<RequestDeps, 'db' | 'config' | 'storage'>;

/** The rooms whose tracks the caller may fix: all for a super administrator, else where they edit. */
async function fixableRooms(deps: Deps, viewer: RoomViewer): Promise<RoomId[] | null> {
  const userId = requireSignedIn(viewer);
  const user = await findUserById(deps.db, userId);
  if (user && isSuperAdmin(user, deps.config.superAdminEmails)) return null;
  const editing = ROOM_ROLES.filter((role) => roleCan(role, 'tracks.manage'));
  return roomIdsWhereRole(deps.db, userId, editing);
}

/** Reads a stored file's duration again: its tags, else by decoding it. */
async function measuredDurationMs(deps: Deps, track: TrackRow): Promise<number> {
  const { audioKey } = track;
  if (!audioKey) return 0;
  return withScratchFile('duration', 'audio', async (file) => {
    await deps.storage.download(audioKey, file);
    const tags = await readAudioTags(file).catch(() => null);
    // Without a duration in the tags, the time limit is that of the most audio it could hold.
    const bounds = { timeLimitMs: ffmpegTimeLimitMs(longestAudioSeconds(track.sizeBytes)) };
    const seconds =
      tags?.durationSeconds ??
      (
        await analyseAudio(
          resolveFfmpegPath(deps.config.ffmpegPath, deps.config.searchPath),
          file,
          bounds,
        )
      ).decodedSeconds;
    return Math.round(seconds * 1000);
  });
}

/**
 * The maintenance action (spec §9): counts the tracks of zero duration the caller may fix, and
 * with `confirm` reads each file's duration again. Answers how many there were and how many now
 * have a duration.
 */
export async function fixTrackDurations(
  deps: Deps,
  viewer: RoomViewer,
  confirm: boolean,
): Promise<{ total: number; fixed: number; roomIds: RoomId[] }> {
  const rooms = await fixableRooms(deps, viewer);
  const tracks = await zeroDurationTracks(deps.db, rooms);
  if (!confirm) return { total: tracks.length, fixed: 0, roomIds: [] };
  let fixed = 0;
  for (const track of tracks) {
    const durationMs = await measuredDurationMs(deps, track).catch(() => 0);
    if (durationMs <= 0) continue;
    await updateTrackRow(deps.db, track.id, { durationMs });
    fixed += 1;
  }
  return { total: tracks.length, fixed, roomIds: [...new Set(tracks.map((t) => t.roomId))] };
}

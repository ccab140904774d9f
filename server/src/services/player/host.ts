import {
  electHost,
  isRoomRole,
  roleRank,
  type HostCandidate,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import type { Database } from '../../db';
import { isUuid } from '../../db/uuid';
import type { Presence } from '../presence/presence';
import { authorizeRoom, requireSignedIn, type RoomViewer } from '../rooms/access';
import { findRoomRoles, type RoomRow } from '../rooms/store';
import { playerErrors } from './errors';
import { saveChosenHost, type PlaybackRow } from './playback-store';

/**
 * The host (design §4): among the members present, the one an owner or admin handed the label
 * to, else the highest role, ties to whoever joined first. Nothing stores who is host: it is
 * elected from presence each time the player is read, so when the host leaves, the next read
 * (presence publishes the room's change once the retention ran out) names another.
 */

type Deps = { db: Database; presence: Presence };

/** Members present in the room with their role; guests and people without a role are left out. */
export async function hostCandidates(deps: Deps, room: RoomRow): Promise<HostCandidate[]> {
  const present = (await deps.presence.members(room.id)).filter((m) => isUuid(m.memberKey));
  const userIds = present.map((m) => m.memberKey as UserId);
  const roles = await findRoomRoles(deps.db, room.id, userIds);
  return present.flatMap(({ memberKey, joinedAt }) => {
    const userId = memberKey as UserId;
    const role = userId === room.ownerId ? 'owner' : roles.get(userId);
    return isRoomRole(role) ? [{ userId, role, joinedAt }] : [];
  });
}

/**
 * Whom a handover still names: the person it went to, while they have stayed present since
 * (their join time is from before it). Someone who left and came back is ranked like anyone.
 */
export function chosenHost(
  candidates: readonly HostCandidate[],
  chosen: { hostId: UserId | null; hostChosenAt: Date | null } | null,
): UserId | null {
  if (!chosen?.hostId || !chosen.hostChosenAt) return null;
  const at = chosen.hostChosenAt.getTime();
  const holds = candidates.some((c) => c.userId === chosen.hostId && c.joinedAt <= at);
  return holds ? chosen.hostId : null;
}

/** The host of the room now. */
export async function electedHost(
  deps: Deps,
  room: RoomRow,
  row: PlaybackRow | null,
): Promise<UserId | null> {
  const candidates = await hostCandidates(deps, room);
  return electHost(candidates, chosenHost(candidates, row));
}

/** An owner or admin hands the host label to a present member who may host (not a viewer). */
export async function handOverHost(
  deps: Deps,
  viewer: RoomViewer,
  { roomId, userId }: { roomId: RoomId; userId: UserId },
): Promise<{ hostId: UserId }> {
  requireSignedIn(viewer);
  const { room } = await authorizeRoom(deps.db, viewer, roomId, 'player.handOver');
  const candidates = await hostCandidates(deps, room);
  const target = candidates.find((c) => c.userId === userId);
  if (!target || roleRank(target.role) <= roleRank('viewer')) throw playerErrors.hostNotPresent();
  await saveChosenHost(deps.db, roomId, userId, new Date());
  return { hostId: userId };
}

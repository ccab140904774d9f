import {
  isRoomRole,
  roleRank,
  type Listener,
  type ListenerStatus,
  type RoomAccessArgs,
  type RoomId,
  type UserId,
} from '@music-rooms/domain';
import { isUuid } from '../../db/uuid';
import type { RequestDeps } from '../deps';
import { electedHost } from '../player/host';
import { findPlayback } from '../player/playback-store';
import type { StoredReport } from '../presence/report-entries';
import { authorizeRoom, type RoomViewer } from './access';
import { findPublicUsers } from './listeners-store';
import { findRoomRoles } from './store';

type Deps = Pick<RequestDeps, 'db' | 'presence' | 'syncReports'>;

/**
 * Who is in the room now (the listeners panel), for its members only: each person once, with
 * their role, the host mark, and how their page plays along (its freshest report; none fresh
 * is `offline`). The host first, then by role, then by who came first.
 */
export async function listListeners(
  deps: Deps,
  viewer: RoomViewer,
  roomId: RoomId,
  pass: RoomAccessArgs,
): Promise<Listener[]> {
  const { room } = await authorizeRoom(deps.db, viewer, roomId, 'users.view', pass);
  const [present, reports, playback] = await Promise.all([
    deps.presence.members(room.id),
    deps.syncReports.live(room.id),
    findPlayback(deps.db, room.id),
  ]);
  const userIds = present.map((m) => m.memberKey).filter(isUuid) as UserId[];
  const [accounts, roles, hostId] = await Promise.all([
    findPublicUsers(deps.db, userIds),
    findRoomRoles(deps.db, room.id, userIds),
    electedHost(deps, room, playback),
  ]);
  const freshest = freshestReports(reports);
  const listeners = present.map(({ memberKey, joinedAt }): Listener => {
    const user = accounts.get(memberKey as UserId) ?? null;
    const role = memberKey === room.ownerId ? 'owner' : roles.get(memberKey as UserId);
    const report = freshest.get(memberKey);
    const status: ListenerStatus = report?.state ?? 'offline';
    return {
      key: memberKey,
      user,
      role: isRoomRole(role) ? role : null,
      isHost: memberKey === hostId,
      status,
      offsetMs: report?.offsetMs ?? null,
      joinedAt,
    };
  });
  return listeners.sort(
    (a, b) =>
      Number(b.isHost) - Number(a.isHost) ||
      roleRank(b.role) - roleRank(a.role) ||
      a.joinedAt - b.joinedAt,
  );
}

/** Each member's latest report over all their tabs. */
function freshestReports(reports: readonly StoredReport[]): Map<string, StoredReport> {
  const freshest = new Map<string, StoredReport>();
  for (const report of reports) {
    const kept = freshest.get(report.memberKey);
    if (!kept || kept.expiresAt < report.expiresAt) freshest.set(report.memberKey, report);
  }
  return freshest;
}

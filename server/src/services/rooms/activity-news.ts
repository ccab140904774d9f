import type { PlaybackState, RoomId, UserId } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { findUserById } from '../accounts/users-store';
import { findTracks } from '../tracks/store';

type Deps = Pick<RequestDeps, 'db' | 'activity'>;

/** Who did it, as the activity line names them. */
async function actorOf(deps: Deps, userId: UserId) {
  const user = await findUserById(deps.db, userId);
  return { key: userId, name: user?.name ?? null };
}

/** Someone moved the player to another track (next, previous, or a track picked). */
export async function tellTrackChange(
  deps: Deps,
  userId: UserId,
  roomId: RoomId,
  state: PlaybackState,
): Promise<void> {
  if (!state.trackId) return;
  const [track] = await findTracks(deps.db, [state.trackId]);
  if (!track) return;
  deps.activity.tell({
    roomId,
    kind: 'skipped',
    actor: await actorOf(deps, userId),
    track: { _id: track.id, title: track.title, artist: track.artist },
  });
}

/** Someone added tracks to the room (an upload, an import); the pages group what follows. */
export async function tellTracksAdded(
  deps: Deps,
  userId: UserId,
  roomId: RoomId,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  deps.activity.tell({ roomId, kind: 'added', actor: await actorOf(deps, userId), count });
}

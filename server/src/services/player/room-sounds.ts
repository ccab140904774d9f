import type {
  CalibrationPlan,
  RoomAccessArgs,
  RoomId,
  RoomSound,
  CalibrationChirp,
} from '@music-rooms/domain';
import { ROOM_SOUND_LIMITS } from '@music-rooms/domain';
import type { RequestDeps } from '../deps';
import { findUserById } from '../accounts/users-store';
import type { RoomViewer } from '../rooms/access';
import { serverNow } from '../server-clock';
import { calibrationRound } from './calibration-round';
import { countRoomSound } from './command-limit';
import { viewAccess } from './view';

/** Where a room's sounds go: every page present in the room, or a few pages by their socket. */
type SoundDelivery = {
  toRoom: (sound: RoomSound) => void;
  toSockets: (socketIds: readonly string[], sound: RoomSound) => void;
};

/**
 * Tells the pages of a room which short sound to play at which server instant. The realtime
 * plugin, once Socket.IO is up, hands it the way there (through the adapter, so with Redis
 * every node's pages hear it). Nothing is kept: a page that is not present hears nothing.
 */
export class RoomSoundFeed {
  private delivery: SoundDelivery | null = null;

  /** Called once by the realtime plugin. */
  deliverThrough(delivery: SoundDelivery): void {
    this.delivery = delivery;
  }

  toRoom(sound: RoomSound): void {
    this.delivery?.toRoom(sound);
  }

  toSockets(socketIds: readonly string[], sound: RoomSound): void {
    if (socketIds.length > 0) this.delivery?.toSockets(socketIds, sound);
  }
}

type Deps = Pick<RequestDeps, 'db' | 'attempts' | 'playerAccess' | 'syncReports' | 'roomSounds'>;

type Asker = RoomViewer & { address?: string | null };

/** Whom the limit counts: a signed-in person, or a guest by their address. */
const personOf = (asker: Asker) => asker.userId ?? `guest:${asker.address ?? 'unknown'}`;

/** Checks the asker may view the room and has a sound left in the limit. */
async function admit(deps: Deps, asker: Asker, roomId: RoomId, pass: RoomAccessArgs) {
  await viewAccess(deps, asker, roomId, pass);
  await countRoomSound(deps.attempts, roomId, personOf(asker));
}

/** `player.testSound`: every page present in the room clicks at one instant, soon. */
export async function playTestSound(
  deps: Deps,
  asker: Asker,
  { roomId, ...pass }: { roomId: RoomId } & RoomAccessArgs,
): Promise<{ at: number }> {
  await admit(deps, asker, roomId, pass);
  const user = asker.userId ? await findUserById(deps.db, asker.userId) : null;
  const at = serverNow() + ROOM_SOUND_LIMITS.testLeadMs;
  deps.roomSounds.toRoom({ kind: 'test', roomId, at, by: user?.name ?? null });
  return { at };
}

/**
 * `player.calibrate`: a round for the page of `socketId` to listen to. The pages of the room
 * that play in sync are each told their chirp; the asking page is answered the whole plan and
 * plays its own chirp itself.
 */
export async function planCalibration(
  deps: Deps,
  asker: Asker,
  { roomId, socketId, ...pass }: { roomId: RoomId; socketId: string } & RoomAccessArgs,
): Promise<CalibrationPlan> {
  await admit(deps, asker, roomId, pass);
  const reports = await deps.syncReports.live(roomId);
  const round = calibrationRound(serverNow(), socketId, reports);
  for (const { socketId: target, slot } of round.cues) {
    const chirp: CalibrationChirp = { kind: 'chirp', roomId, ...slot };
    deps.roomSounds.toSockets([target], chirp);
  }
  return round.plan;
}

import { roomInfoRead, roomReads } from '@music-rooms/domain/first-reads';
import type { RoomId } from '@music-rooms/domain/ids';
import type { PlayerView } from '@music-rooms/domain/player';
import type { RoomInfo } from '@music-rooms/domain/rooms';
import { matchAppRoute } from '@music-rooms/domain/routes';
import { connectEarly } from '../../../lib/realtime/early-client';
import { readEarly } from '../../../lib/realtime/early-reads';
import type * as EarlyPlayer from '../../player/early-player';
import type * as EarlyTrack from '../../player/engine/early-track';
import { readAccessPass } from '../room-access';

const ROOM_PATH = '/room/';

/**
 * A room page's first reads, started as the app starts (main.tsx), while the page's code is still
 * on its way: the room's info by its address and, once that lets the viewer in, the room and its
 * player, with the args the page asks them with (useRoomEntry, RoomView, usePlayer). Those come
 * one after another, each after the component before it rendered its answer; read early, they
 * are in by the time the page asks, and the player knows what plays a round trip or two sooner.
 * The server answers them in the page it sends when it can (domain/first-reads.ts): they are
 * then taken from the page, with no round trip at all.
 */
export function readRoomEarly(pathname: string): void {
  const route = matchAppRoute(pathname);
  if (route.kind !== 'app' || route.page !== 'room') return;
  // Its player needs the server's clock: the tab's connection opens now, before the app is in,
  // and the clock samples the server over it from the moment it is up.
  const client = connectEarly();
  const earlyPlayer = import('../../player/early-player');
  earlyPlayer.then(
    ({ startClockEarly }) => startClockEarly(client),
    () => {},
  );
  const roomUrl = decoded(route.path.slice(ROOM_PATH.length));
  // A stored pass is checked first (useRoomEntry), and the page's reads may go without it then.
  if (roomUrl === null || readAccessPass(roomUrl).accessToken) return;
  // Loaded meanwhile (the page names both in its head), so that the player's answer opens the
  // track and starts the player in the same moment, not after a page busy with its first render
  // lets the imports end.
  const earlyTrack = import('../../player/engine/early-track');
  earlyTrack.catch(() => {});
  const info = roomInfoRead(roomUrl);
  readEarly(info.path, info.args).then(
    (answer) => {
      const room = (answer as RoomInfo).room;
      if (!room) return;
      // The room's read is its page's to take; the player's answer starts the music.
      const [, player] = roomReads(room._id).map(({ path, args }) => readEarly(path, args));
      player!.then(
        (view) => startPlaying(room._id, view, { earlyTrack, earlyPlayer }),
        () => {},
      );
    },
    () => {},
  );
}

/**
 * A playing room's music is fetched and decoded, and its player started, while the page's code
 * loads. The track's manifest is asked for first, then the player makes its AudioContext: the
 * making holds the page a third of a second under PulseAudio, and the output's first usable stamps
 * come 0.5–0.9 s after it, longer than the manifest, the segment and its decoding take. Made once
 * the segment had been asked for, the context waited for the manifest's answer and for a page busy
 * with the app's code (seen: 0.6–1.1 s after the page's reads), and the music for its output.
 */
function startPlaying(
  roomId: RoomId,
  answer: unknown,
  modules: { earlyTrack: Promise<typeof EarlyTrack>; earlyPlayer: Promise<typeof EarlyPlayer> },
): void {
  const view = answer as PlayerView | null;
  if (!view?.state?.playing) return;
  void Promise.all([modules.earlyTrack, modules.earlyPlayer])
    .then(([{ openTrackEarly }, { startPlayerEarly }]) => {
      void openTrackEarly(view.state);
      startPlayerEarly(roomId, view);
    })
    .catch(() => {});
}

/** The address's room URL as the router reads it; null when it is no valid escape (the page says so). */
function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

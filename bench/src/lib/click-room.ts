import type { Page } from 'playwright-core';
import type { PlaybackState, PlayerCommand, TrackId } from '@music-rooms/domain';
import type { appClient } from './app-client';
import type { ClickTrain } from './click-train';
import { snapshot } from './listeners';

/** A room of the player benches: its owner and a participant, signed in by cookie. */
export type Room = { ownerCookie: string; memberCookie: string; roomId: string; roomUrl: string };

type App = ReturnType<typeof appClient>;

/** The room, its owner and a participant, and the click train as the room's one track. */
export async function roomWithClickTrack(
  app: App,
  train: ClickTrain,
): Promise<Room & { trackId: TrackId }> {
  const { cookie, roomId, roomUrl } = await app.ownerWithRoom('sync');
  const memberCookie = await app.participant('sync_listener', roomId, cookie);
  await app.upload(train.wav, cookie, roomId, { filename: 'Bench - Click train.wav' });
  const [trackId] = await app.waitReady(cookie, roomId);
  return { ownerCookie: cookie, memberCookie, roomId, roomUrl, trackId: trackId as TrackId };
}

/** Sends player commands as the owner, each naming the revision the last one answered. */
export function controller(app: App, room: Room) {
  let revision = 0;
  return async (command: PlayerCommand): Promise<PlaybackState> => {
    const { state } = await app.call<{ state: PlaybackState }>(
      'mutation',
      'player.command',
      { roomId: room.roomId, revision, command },
      room.ownerCookie,
    );
    revision = state.revision;
    return state;
  };
}

/** Plays the room from the top; answers the timeline the server set. */
export async function playFromTop(send: ReturnType<typeof controller>) {
  await send({ type: 'seek', positionMs: 0 });
  const state = await send({ type: 'play' });
  return { positionMs: state.positionMs, atServerMs: state.atServerMs };
}

/** Waits until the page's test hook answers and its clock has a first sample. */
export async function untilReady(page: Page, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shot = await snapshot(page).catch(() => null);
    if (shot?.offsetMs != null) return;
    if (Date.now() > deadline) {
      const seen = JSON.stringify(shot);
      throw new Error(`${page.url()} had no clock after ${timeoutMs / 1000} s: ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

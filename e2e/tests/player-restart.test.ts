import type { Page } from 'playwright-core';
import { describe, expect, startedPerFile } from '../src/fixtures';
import { startLastingServer } from '../src/lasting-server';
import {
  IN_STEP_S,
  alignment,
  heardInStep,
  heardInSync,
  playerBar,
  snapshot,
  twoInRoom,
  type Snapshot,
  type ToneTrack,
  audioTest,
} from './support/player';
import { queryAs } from './support/rooms';

/**
 * The built server as its own process, stopped and started again on the same address and data
 * (design §4: the playback is persisted so a restart resumes), and browsers that may play.
 */
const test = audioTest.extend('lasting', { scope: 'file' }, startedPerFile(startLastingServer));

/** Long enough that the track playing when the server stops still plays once it is back. */
const LONG_TRACKS: readonly ToneTrack[] = [
  { file: 'Alpha - First.wav', seconds: 150, frequency: 440 },
  { file: 'Beta - Second.wav', seconds: 150, frequency: 660 },
];

/** Pages find the server again with Socket.IO's backoff (up to 5 s), on a busy machine. */
const BACK_MS = 45_000;

/** The page's snapshot once its alignment is within IN_STEP_S of `reference`'s, or after 30 s. */
async function alignedWith(page: Page, reference: Snapshot): Promise<Snapshot> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const shot = await heardInSync(page);
    const apart = Math.abs(alignment(shot) - alignment(reference));
    if (apart < IN_STEP_S || Date.now() > deadline) return shot;
    await page.waitForTimeout(250);
  }
}

describe('a server restart', () => {
  for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
    test(`resumes the room on its timeline, and the pages come back in step (${signal})`, async ({
      lasting,
      audioBrowser,
    }) => {
      const { ada, grace, owner, roomId } = await twoInRoom(lasting, audioBrowser, {
        tracks: LONG_TRACKS,
        playbackControl: 'everyone',
      });
      await playerBar(ada).getByRole('button', { name: 'Play' }).click();
      const [before] = await heardInStep(ada, grace);
      const playing = await queryAs(lasting, owner, 'player.get', { roomId });

      const stoppedAt = Date.now();
      await lasting.stop(signal);
      await lasting.start();
      const awayS = (Date.now() - stoppedAt) / 1000;

      // The same playback, on the same timeline: where the music is has moved on meanwhile.
      const resumed = await queryAs(lasting, owner, 'player.get', { roomId });
      expect(resumed.state).toEqual(playing.state);
      // Both pages connect again by themselves, and are present in the room once more...
      await expect
        .poll(
          async () => (await queryAs(lasting, owner, 'rooms.get', { id: roomId }))?.activeUsers,
          {
            timeout: BACK_MS,
          },
        )
        .toBe(2);
      const [after] = await heardInStep(ada, grace);
      expect(after.trackId).toBe(before.trackId);
      expect(after.position! - before.position!).toBeGreaterThan(awayS);
      // Where the room is, as the pages have it: their clocks probe the new server for ten
      // seconds after they reconnect, and a server just started answers slowly at first, until
      // quicker answers come (seen once on a busy machine: both pages 30 ms from where they had
      // been, together, as they came back).
      const settled = await alignedWith(ada, before);
      const moved = Math.abs(alignment(settled) - alignment(before));
      expect(moved, `before, after: ${JSON.stringify([before, settled])}`).toBeLessThan(IN_STEP_S);

      // ...and each hears what the other does through the new server.
      await playerBar(ada).getByRole('button', { name: 'Pause' }).click();
      await expect
        .poll(async () => (await snapshot(grace))!.playing, { timeout: BACK_MS })
        .toBe(false);
      await playerBar(grace).getByRole('button', { name: 'Play' }).click();
      await expect
        .poll(async () => (await snapshot(ada))!.playing, { timeout: BACK_MS })
        .toBe(true);
      await heardInStep(ada, grace);
    });
  }
});

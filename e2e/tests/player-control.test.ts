import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import {
  heardInSync,
  playerBar,
  twoInRoom,
  type ToneTrack,
  audioTest as test,
} from './support/player';
import { queryAs } from './support/rooms';

const THREE_TRACKS: readonly ToneTrack[] = [
  { file: 'Alpha - First.wav', seconds: 40, frequency: 440 },
  { file: 'Beta - Second.wav', seconds: 40, frequency: 660 },
  { file: 'Gamma - Third.wav', seconds: 40, frequency: 880 },
];

/** Clicks a button of the bar from inside the page: both pages' clicks leave in the same moment. */
const pressNext = (page: Page) =>
  page.evaluate(() =>
    (document.querySelector('[aria-label="Next track"]') as HTMLButtonElement).click(),
  );

// Spec §4: one participant is labelled host and controls playback (a room setting).
describe('who controls playback', () => {
  test('only the host by default: the others see why; set to everyone, they control', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    const graceBar = playerBar(grace);
    await graceBar.getByText('Host controls').waitFor();
    expect(await graceBar.getByRole('button', { name: 'Play' }).isDisabled()).toBe(true);
    await graceBar.getByText('Host controls').hover();
    await grace
      .getByRole('tooltip')
      .getByText('In this room only the host controls playback')
      .waitFor();
    await grace.screenshot({ path: '/tmp/player-host-controls.png' });

    await ada.getByRole('button', { name: 'Settings' }).click();
    const dialog = ada.getByRole('dialog', { name: 'Room settings' });
    await dialog.getByText('Who controls playback', { exact: true }).waitFor();
    await dialog.getByRole('radio', { name: 'Everyone' }).check();
    await dialog.getByText('Every member from participant up plays, pauses and skips.').waitFor();
    await ada.screenshot({ path: '/tmp/room-settings-playback-control.png' });
    await dialog.getByRole('button', { name: 'Save' }).click();

    await graceBar.getByText('Host controls').waitFor({ state: 'detached' });
    await graceBar.getByRole('button', { name: 'Play' }).click();
    await heardInSync(ada);
  });

  test('two people pressing Next at once skip one track', async ({ server, audioBrowser }) => {
    const { ada, grace, owner, roomId } = await twoInRoom(server, audioBrowser, {
      tracks: THREE_TRACKS,
      playbackControl: 'everyone',
    });
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    const [first] = await Promise.all([heardInSync(ada), heardInSync(grace)]);
    const playing = await queryAs(server, owner, 'player.get', { roomId });
    const calls = [watchCalls(ada), watchCalls(grace)];

    await Promise.all([pressNext(ada), pressNext(grace)]);
    // The one refused reads the room again, and finds it past the track it aimed at.
    await expect.poll(() => calls.some((page) => page.reads > 0)).toBe(true);
    const now = await queryAs(server, owner, 'player.get', { roomId });
    expect(now.state.revision).toBe(playing.state.revision + 1);
    expect(calls.map((page) => page.commands)).toEqual([1, 1]);
    for (const page of [ada, grace]) {
      await expect.poll(() => playerBar(page).textContent()).toContain('Second');
    }
    const [a, g] = await Promise.all([heardInSync(ada), heardInSync(grace)]);
    expect(a.trackId).not.toBe(first.trackId);
    expect(g.trackId).toBe(a.trackId);
    expect(await playerBar(ada).textContent()).not.toContain('Third');
  });
});

/** Counts the player's calls a page makes over HTTP from now on: commands, and reads answered. */
function watchCalls(page: Page) {
  const counts = { commands: 0, reads: 0 };
  const named = (body: string | null, path: string) => (body ?? '').includes(`"${path}"`);
  page.on('request', (request) => {
    if (named(request.postData(), 'player.command')) counts.commands += 1;
  });
  page.on('requestfinished', (request) => {
    if (named(request.postData(), 'player.get')) counts.reads += 1;
  });
  return counts;
}

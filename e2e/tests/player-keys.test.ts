import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import { rowTitles, trackRow } from '../src/tracks';
import { heardInSync, playerBar, snapshot, twoInRoom, audioTest as test } from './support/player';

const volume = (page: Page) => playerBar(page).getByRole('slider', { name: 'Volume' }).inputValue();

/** Counts the player commands the page sends from now on. */
function countCommands(page: Page): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if ((request.postData() ?? '').includes('"player.command"')) sent += 1;
  });
  return () => sent;
}

// The player's keys step aside for the focused control (spec §2 Player bar, Track list).
describe("the player's keys", () => {
  test('leave a keyboard reorder alone: the room keeps playing, the volume stays', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(grace);
    const before = await volume(ada);
    const commands = countCommands(ada);

    await trackRow(ada, 'First').getByRole('button', { name: 'Move “First”', exact: true }).focus();
    await ada.keyboard.press('Space');
    await ada.getByText('“First” is now at position 1 of 2').waitFor({ state: 'attached' });
    // dnd-kit starts listening for the arrows a moment after the pick-up is announced; a
    // person who sees nothing move presses again, and a press past the end stays at the end.
    const atTheEnd = ada.getByText('“First” is now at position 2 of 2');
    const pressDown = async () => {
      await ada.keyboard.press('ArrowDown');
      return atTheEnd.count();
    };
    await expect.poll(pressDown, { interval: 500 }).toBe(1);
    await ada.keyboard.press('Space');
    await expect.poll(() => rowTitles(grace)).toEqual(['Second', 'First']);

    expect(commands()).toBe(0);
    expect((await snapshot(grace))!.playing).toBe(true);
    expect((await snapshot(ada))!.playing).toBe(true);
    expect(await volume(ada)).toBe(before);
  });

  test('send one seek for a held arrow key, however often it repeats', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    const start = await heardInSync(grace);
    const commands = countCommands(ada);

    // The first press, then three repeats of the held key: 20 s on.
    for (let press = 0; press < 4; press += 1) await ada.keyboard.down('ArrowRight');
    await ada.keyboard.up('ArrowRight');
    await expect
      .poll(async () => (await snapshot(grace))!.position ?? 0)
      .toBeGreaterThan(start.position! + 19);
    expect(commands()).toBe(1);
  });
});

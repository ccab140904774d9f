import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import { chooseFiles, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import {
  heardInSync,
  openRoomAs,
  playerBar,
  roomWithTracks,
  audioTest as test,
} from './support/player';
import { roomCard } from './support/rooms';

const listenersPanel = (page: Page) => page.getByRole('list', { name: 'Listening now' });
const listener = (page: Page, name: string) =>
  listenersPanel(page).getByRole('listitem').filter({ hasText: name });
const activityNow = (page: Page) => page.getByTestId('activity-newest');

/** Both sizes of the window, each saved under /tmp with the name given. */
async function screenshots(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `/tmp/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: `/tmp/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Who listens in a room and what they do there, read on another person's page.
describe('the room, live', () => {
  test('one page reads who came in, how they play along, their skip and the tracks they add', async ({
    server,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(server, { playbackControl: 'everyone' });
    const ada = await openRoomAs(audioBrowser, server, room.owner, room.url);
    await listener(ada, 'Ada Lovelace').waitFor();
    await expect(activityNow(ada).textContent()).resolves.toContain('Nothing has happened yet');

    const grace = await openRoomAs(audioBrowser, server, room.other, room.url);
    await activityNow(ada).getByText('Grace Hopper joined').waitFor();
    const graceRow = listener(ada, 'Grace Hopper');
    await graceRow.getByText('Participant').waitFor();
    await expect(listener(ada, 'Ada Lovelace').textContent()).resolves.toContain('Host');

    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(grace);
    await graceRow.getByText('In sync').waitFor({ timeout: 20_000 });
    await expect(graceRow.textContent()).resolves.toMatch(/[+−±]\d+ ms/);

    await playerBar(grace).getByRole('button', { name: 'Next track' }).click();
    await activityNow(ada).getByText('Grace Hopper skipped to Second — Beta').waitFor();

    await chooseFiles(grace, [
      wavFile('Gamma - Third.wav', sineWav(2, 520)),
      wavFile('Delta - Fourth.wav', sineWav(2, 580)),
      wavFile('Epsilon - Fifth.wav', sineWav(2, 620)),
    ]);
    await activityNow(ada).getByText('Grace Hopper added 3 tracks').waitFor({ timeout: 20_000 });
    await ada.getByRole('button', { name: '2 earlier' }).click();
    await ada.getByText('Grace Hopper skipped to Second — Beta').waitFor();
    await screenshots(ada, 'room-live');

    await grace.context().close();
    await listener(ada, 'Grace Hopper').waitFor({ state: 'detached', timeout: 15_000 });
  });

  test('reads in Russian', async ({ server, audioBrowser }) => {
    const room = await roomWithTracks(server, { playbackControl: 'everyone' });
    const ada = await openRoomAs(audioBrowser, server, room.owner, room.url);
    await ada.goto(`${server.url}/ru${room.path}`);
    await ada.getByRole('list', { name: 'Сейчас слушают' }).getByText('Ada Lovelace').waitFor();
    const grace = await openRoomAs(audioBrowser, server, room.other, room.url);
    await activityNow(ada).getByText('Grace Hopper зашёл(а) в комнату').waitFor();
    await playerBar(grace).getByRole('button', { name: 'Play' }).click();
    await heardInSync(ada);
    await ada.getByText('Синхронно').first().waitFor({ timeout: 20_000 });
    await screenshots(ada, 'room-live-ru');
  });

  test('room cards show the cover and what plays, live', async ({ server, audioBrowser, page }) => {
    const room = await roomWithTracks(server);
    await page.goto(server.url);
    // The rooms of this file share a name: the newest comes first.
    const card = roomCard(page, 'Sync room').first();
    await card.waitFor();
    await expect(card.getByText('Playing').count()).resolves.toBe(0);

    const ada = await openRoomAs(audioBrowser, server, room.owner, room.url);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await card.getByText('First — Alpha').waitFor();
    await card.getByText('Playing').waitFor();
    await playerBar(ada).getByRole('button', { name: 'Next track' }).click();
    await card.getByText('Second — Beta').waitFor();
    await screenshots(page, 'home-cards');
    await page.goto(`${server.url}/ru`);
    await roomCard(page, 'Sync room').first().getByText('Играет').waitFor();
    await screenshots(page, 'home-cards-ru');
  });
});

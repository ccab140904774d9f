import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import { appServerTest as test } from '../src/app-server-test';
import { rowTitles, trackRow } from '../src/tracks';
import { notice } from './support/people';
import { seedTracks } from './support/seeded-tracks';
import { callAs, createRoomAs, registerMember, signInContext } from './support/rooms';

const undoButton = (page: Page) =>
  page
    .locator('[role="region"][aria-label^="Notifications"]')
    .getByRole('button', { name: 'Undo' });

// Undo after delete (spec §2 Removal): a toast offers Undo for a few seconds, and undoing puts
// the tracks back in their places on every page of the room.
describe('undoing a deletion', () => {
  test('brings one deleted track, then two, back to their places for everyone', async ({
    signedInPage: page,
    server,
    appServer,
    member,
    newBrowserPage,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Undo room', room_url: 'undo-room' });
    await seedTracks(
      appServer.app,
      room._id,
      ['Charlie', 'Alpha', 'Bravo', 'Delta'].map((title) => ({ title })),
    );
    const listener = await registerMember(server, 'Lena Listener');
    await callAs(server, member, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: listener.username,
      role: 'participant',
    });
    const other = await newBrowserPage();
    await signInContext(other.context, server, listener);
    const order = ['Charlie', 'Alpha', 'Bravo', 'Delta'];
    for (const person of [page, other.page]) {
      await person.goto(`${server.url}/room/undo-room`);
      await expect.poll(() => rowTitles(person)).toEqual(order);
    }

    await trackRow(page, 'Alpha').getByRole('button', { name: 'Delete “Alpha”' }).click();
    await trackRow(page, 'Alpha')
      .getByRole('button', { name: 'Click again to delete “Alpha”' })
      .click();
    await notice(page, '“Alpha” deleted').waitFor();
    await expect.poll(() => rowTitles(other.page)).toEqual(['Charlie', 'Bravo', 'Delta']);
    await undoButton(page).click();
    await notice(page, '1 track is back in its place').waitFor();
    for (const person of [page, other.page]) {
      await expect.poll(() => rowTitles(person)).toEqual(order);
    }

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select “Charlie”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Bravo”' }).check();
    await page
      .getByRole('toolbar', { name: 'Selected tracks' })
      .getByRole('button', { name: 'Delete selected' })
      .click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete 2 tracks' }).click();
    await notice(page, '2 tracks deleted').waitFor();
    await expect.poll(() => rowTitles(other.page)).toEqual(['Alpha', 'Delta']);
    await undoButton(page).click();
    await notice(page, '2 tracks are back in their places').waitFor();
    for (const person of [page, other.page]) {
      await expect.poll(() => rowTitles(person)).toEqual(order);
    }
  });
});

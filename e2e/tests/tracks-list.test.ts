import type { Page } from 'playwright-core';
import { describe, expect, test } from '../src/fixtures';
import type { E2EServer } from '../src/harness';
import { sineWav } from '../src/wav';
import {
  chooseFiles,
  dropFiles,
  rowTitles,
  trackRow,
  uploadAs,
  waitForReadyTracks,
  wavFile,
} from '../src/tracks';
import { dialog, notice } from './support/people';
import { callAs, createRoomAs, registerMember, signInContext, type Member } from './support/rooms';

/** A room of the member's with three ready tracks, uploaded in this order. */
async function roomWithTracks(server: E2EServer, member: Member, url: string) {
  const room = await createRoomAs(server, member, { name: `Room ${url}`, room_url: url });
  const files = [
    wavFile('Night Owls - Charlie.wav', sineWav(2, 300)),
    wavFile('Day Birds - Alpha.wav', sineWav(3, 400)),
    wavFile('Night Owls - Bravo.wav', sineWav(1, 500)),
  ];
  for (const file of files) await uploadAs(server, member.cookie, room._id, file);
  await waitForReadyTracks(server, member.cookie, room._id, files.length);
  return room;
}

const stats = (page: Page) => page.getByLabel('Playlist stats');
const sortBy = (page: Page, label: string) =>
  page.getByRole('combobox', { name: 'Sort tracks' }).selectOption({ label });

// The playlist card (spec §2 Track list, §4 Batch edit and Removal, §9 sort options).
describe('the track list', () => {
  test('sorts by every order and searches, with an empty state when nothing matches', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await roomWithTracks(server, member, 'sort-room');
    await page.goto(`${server.url}/room/sort-room`);
    await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    await expect(stats(page).textContent()).resolves.toContain('3 tracks');
    await expect(stats(page).textContent()).resolves.toContain('0:06');

    const orders: [string, string[]][] = [
      ['Title A–Z', ['Alpha', 'Bravo', 'Charlie']],
      ['Title Z–A', ['Charlie', 'Bravo', 'Alpha']],
      ['Longest', ['Alpha', 'Charlie', 'Bravo']],
      ['Shortest', ['Bravo', 'Charlie', 'Alpha']],
      ['Largest size', ['Alpha', 'Charlie', 'Bravo']],
      ['Smallest size', ['Bravo', 'Charlie', 'Alpha']],
      ['Newest first', ['Bravo', 'Alpha', 'Charlie']],
      ['Oldest first', ['Charlie', 'Alpha', 'Bravo']],
      ['Manual order', ['Charlie', 'Alpha', 'Bravo']],
    ];
    for (const [label, titles] of orders) {
      await sortBy(page, label);
      await expect.poll(() => rowTitles(page), { message: label }).toEqual(titles);
    }

    const search = page.getByRole('searchbox', { name: 'Search tracks' });
    await search.fill('night owls');
    await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'Bravo']);
    await search.fill('nothing like this');
    await page.getByText('Nothing found').waitFor();
    await expect(page.getByText('No track matches “nothing like this”.').isVisible()).resolves.toBe(
      true,
    );
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);
  });

  test('edits three tracks at once, then deletes two after a confirmation that counts them', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await roomWithTracks(server, member, 'batch-room');
    await page.goto(`${server.url}/room/batch-room`);
    await expect.poll(() => rowTitles(page)).toHaveLength(3);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const title of ['Charlie', 'Alpha', 'Bravo']) {
      await page.getByRole('checkbox', { name: `Select “${title}”` }).check();
    }
    const bar = page.getByRole('toolbar', { name: 'Selected tracks' });
    await bar.getByText('3 selected').waitFor();
    await bar.getByRole('button', { name: 'Edit' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit 3 tracks' }).waitFor();
    await dialog(page).getByLabel('Artist').fill('Various Artists');
    await dialog(page).getByLabel('Album').fill('Collected');
    await dialog(page).getByLabel('Year').fill('20x0');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Invalid format').waitFor();
    await dialog(page).getByLabel('Year').fill('2020');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await notice(page, '3 tracks updated').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    for (const title of ['Charlie', 'Alpha', 'Bravo']) {
      await expect
        .poll(() => trackRow(page, title).textContent())
        .toContain('Various Artists · Collected');
    }

    // The selection stays after an edit; "All" clears it, then two are ticked.
    await bar.getByRole('checkbox', { name: 'All' }).uncheck();
    await bar.getByText('0 selected').waitFor();
    await page.getByRole('checkbox', { name: 'Select “Charlie”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Bravo”' }).check();
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('button', { name: 'Delete selected' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete 2 tracks?' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete 2 tracks' }).click();
    await notice(page, '2 tracks deleted').waitFor();
    await expect.poll(() => rowTitles(page)).toEqual(['Alpha']);
    await expect.poll(() => stats(page).textContent()).toContain('1 track');
  });

  test('removes one track only on a second click, and keeps the manual order an editor drags', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await roomWithTracks(server, member, 'order-room');
    await page.goto(`${server.url}/room/order-room`);
    await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'Alpha', 'Bravo']);

    // Moved with the keyboard: the handle takes the row, arrows move it, Space puts it down.
    await trackRow(page, 'Charlie')
      .getByRole('button', { name: 'Move “Charlie”', exact: true })
      .focus();
    await page.keyboard.press('Space');
    await page.getByText('“Charlie” is now at position 1 of 3').waitFor({ state: 'attached' });
    await page.keyboard.press('ArrowDown');
    await page.getByText('“Charlie” is now at position 2 of 3').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(() => rowTitles(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);
    await page.reload();
    await expect.poll(() => rowTitles(page)).toEqual(['Alpha', 'Charlie', 'Bravo']);

    const remove = trackRow(page, 'Bravo').getByRole('button', { name: 'Delete “Bravo”' });
    await remove.click();
    const again = trackRow(page, 'Bravo').getByRole('button', {
      name: 'Click again to delete “Bravo”',
    });
    await again.waitFor();
    await expect(rowTitles(page)).resolves.toContain('Bravo');
    await again.click();
    await expect.poll(() => rowTitles(page)).toEqual(['Alpha', 'Charlie']);
    await expect.poll(() => stats(page).textContent()).toContain('2 tracks');
  });

  test('shows a viewer and a guest the tracks without any upload or edit control', async ({
    page,
    context,
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const room = await roomWithTracks(server, owner, 'viewer-room');
    const viewer = await registerMember(server, 'Victor Viewer');
    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: viewer.username,
      role: 'viewer',
    });
    await signInContext(context, server, viewer);
    const guest = (await newBrowserPage()).page;

    for (const person of [page, guest]) {
      await person.goto(`${server.url}/room/viewer-room`);
      await expect.poll(() => rowTitles(person)).toEqual(['Charlie', 'Alpha', 'Bravo']);
      for (const name of ['Upload', 'Select']) {
        await expect(person.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
      }
      await expect(
        person.getByRole('button', { name: /^Delete|^Move|^More for/ }).count(),
      ).resolves.toBe(0);
      await expect(person.getByRole('button', { name: 'Playlist actions' }).count()).resolves.toBe(
        0,
      );
      await trackRow(person, 'Alpha')
        .getByRole('button', { name: /^Alpha/ })
        .click();
      await person.getByRole('article', { name: 'About “Alpha”' }).waitFor();
      for (const name of ['Edit tags', 'Change cover', "Use the file's cover"]) {
        await expect(person.getByRole('button', { name }).count()).resolves.toBe(0);
      }
    }
    // Files dragged over the page bring no overlay: there is nowhere for them to go.
    await expect(dropFiles(page, [wavFile('Not mine.wav', sineWav(1))], 1000)).rejects.toThrow();
  });

  test('lets an editor make, rename and delete playlists, uploads going to the one shown and staying after', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await roomWithTracks(server, member, 'lists-room');
    await page.goto(`${server.url}/room/lists-room`);
    const picker = page.getByRole('combobox', { name: 'Playlist', exact: true });
    await expect.poll(() => picker.inputValue()).not.toBe('');
    await expect(picker.locator('option:checked').textContent()).resolves.toBe(
      'Main playlist (3 tracks)',
    );

    await page.getByRole('button', { name: 'Playlist actions' }).click();
    await page.getByRole('menuitem', { name: 'New playlist' }).click();
    await dialog(page).getByLabel('Name').fill('Road trip');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => picker.locator('option:checked').textContent())
      .toBe('Road trip (0 tracks)');
    await page.getByText('The playlist is empty').waitFor();
    await chooseFiles(page, [wavFile('Wheels - Highway.wav', sineWav(1, 800))]);
    await trackRow(page, 'Highway').waitFor();
    await expect(rowTitles(page)).resolves.toEqual(['Highway']);

    await page.getByRole('button', { name: 'Playlist actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename playlist' }).click();
    await dialog(page).getByLabel('Name').fill('Long drive');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => picker.locator('option:checked').textContent())
      .toBe('Long drive (1 track)');

    await page.getByRole('button', { name: 'Playlist actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete playlist' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('Its 1 track stays in the room: in no other playlist, it moves to the main one.')
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete playlist' }).click();
    await notice(page, 'Playlist “Long drive” deleted').waitFor();
    await expect.poll(() => rowTitles(page)).toEqual(['Charlie', 'Alpha', 'Bravo', 'Highway']);
    // The main playlist cannot be deleted: the menu does not offer it.
    await page.getByRole('button', { name: 'Playlist actions' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete playlist' }).count()).resolves.toBe(0);
  });
});

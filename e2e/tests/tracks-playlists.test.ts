import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import { appServerTest as test } from '../src/app-server-test';
import { rowTitles, trackRow } from '../src/tracks';
import { dialog, notice } from './support/people';
import { callAs, createRoomAs, registerMember, signInContext } from './support/rooms';
import { seedTracks } from './support/seeded-tracks';

const picker = (page: Page) => page.getByRole('combobox', { name: 'Playlist', exact: true });
const shownPlaylist = (page: Page) => picker(page).locator('option:checked').textContent();
const optionLabels = (page: Page) => picker(page).locator('option').allTextContents();

async function trackAction(page: Page, title: string, action: string) {
  await trackRow(page, title)
    .getByRole('button', { name: `More for “${title}”` })
    .click();
  await page.getByRole('menuitem', { name: action }).click();
}

// One track in several playlists (as in Navidrome or Apple Music): added to another playlist
// from its menu, seen there live by everyone, taken out of one playlist while staying in the
// others.
describe('a track in several playlists', () => {
  test('an editor adds a track to a second playlist and takes it out again; the room sees both', async ({
    signedInPage: watcher,
    server,
    appServer,
    member: owner,
    newBrowserPage,
  }) => {
    const room = await createRoomAs(server, owner, { name: 'Shared lists', room_url: 'lists' });
    await seedTracks(appServer.app, room._id, [
      { title: 'Alpha' },
      { title: 'Bravo' },
      { title: 'Charlie' },
    ]);
    await callAs(server, owner, 'playlists.create', { roomId: room._id, name: 'Evening' });
    const eddie = await registerMember(server, 'Eddie Editor');
    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: eddie.username,
      role: 'editor',
    });
    const editor = (await newBrowserPage()).page;
    await signInContext(editor.context(), server, eddie);
    for (const page of [editor, watcher]) {
      await page.goto(`${server.url}/room/lists`);
      await expect.poll(() => rowTitles(page)).toEqual(['Alpha', 'Bravo', 'Charlie']);
    }

    await trackAction(editor, 'Bravo', 'Add to playlist…');
    await dialog(editor).getByRole('heading', { name: 'Add 1 track to a playlist' }).waitFor();
    await dialog(editor).getByRole('button', { name: 'Evening' }).click();
    await notice(editor, '1 track added to “Evening”').waitFor();

    // The other page sees the count change live, and the track in both playlists.
    await expect
      .poll(() => optionLabels(watcher))
      .toEqual(['Main playlist (3 tracks)', 'Evening (1 track)']);
    await picker(watcher).selectOption({ label: 'Evening (1 track)' });
    await expect.poll(() => rowTitles(watcher)).toEqual(['Bravo']);

    // Adding it again is not offered: the playlist holds it already.
    await trackAction(editor, 'Bravo', 'Add to playlist…');
    const again = dialog(editor).getByRole('button', { name: /Evening/ });
    await expect(again.textContent()).resolves.toContain('Already there');
    await expect(again.isDisabled()).resolves.toBe(true);
    await dialog(editor).getByRole('button', { name: 'Close' }).click();

    // In the main playlist there is no "Remove from this playlist": a track leaves it by deletion.
    await trackRow(editor, 'Bravo').getByRole('button', { name: 'More for “Bravo”' }).click();
    await editor.getByRole('menuitem', { name: 'Add to playlist…' }).waitFor();
    await expect(
      editor.getByRole('menuitem', { name: 'Remove from this playlist' }).count(),
    ).resolves.toBe(0);
    await editor.keyboard.press('Escape');

    await picker(editor).selectOption({ label: 'Evening (1 track)' });
    await expect.poll(() => rowTitles(editor)).toEqual(['Bravo']);
    await trackAction(editor, 'Bravo', 'Remove from this playlist');
    await notice(editor, '1 track removed from “Evening”; it stays in the room').waitFor();

    await watcher.getByText('The playlist is empty').waitFor();
    await expect.poll(() => shownPlaylist(watcher)).toBe('Evening (0 tracks)');
    await picker(watcher).selectOption({ label: 'Main playlist (3 tracks)' });
    await expect.poll(() => rowTitles(watcher)).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });
});

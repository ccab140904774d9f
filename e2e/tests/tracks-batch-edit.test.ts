import { describe, expect, test } from '../src/fixtures';
import { sineWav } from '../src/wav';
import {
  listTracksAs,
  rowTitles,
  trackRow,
  uploadAs,
  waitForReadyTracks,
  wavFile,
} from '../src/tracks';
import { dialog, notice } from './support/people';
import { callAs, createRoomAs, registerMember, signInContext } from './support/rooms';

// Batch edit while someone else changes the room (spec §4 Batch edit and Removal).
describe('a batch edit the room changes under', () => {
  test('keeps the tags nobody touched when a chosen track is removed meanwhile, and says so', async ({
    signedInPage: page,
    server,
    member,
    newBrowserPage,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Edit room', room_url: 'edit-race' });
    const files = [
      wavFile('Night Owls - Charlie.wav', sineWav(1, 440)),
      wavFile('Night Owls - Alpha.wav', sineWav(2, 660)),
    ];
    for (const file of files) await uploadAs(server, member.cookie, room._id, file);
    const tracks = await waitForReadyTracks(server, member.cookie, room._id, 2);
    const ids = tracks.map((track) => track._id);
    await callAs(server, member, 'tracks.updateMany', {
      ids,
      changes: { album: 'Moonlight', year: 1999 },
    });
    const editor = await registerMember(server, 'Eddie Editor');
    await callAs(server, member, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: editor.username,
      role: 'editor',
    });
    const other = (await newBrowserPage()).page;
    await signInContext(other.context(), server, editor);
    await other.goto(`${server.url}/room/edit-race`);
    await page.goto(`${server.url}/room/edit-race`);
    await expect.poll(() => rowTitles(page)).toHaveLength(2);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('checkbox', { name: 'Select “Charlie”' }).check();
    await page.getByRole('checkbox', { name: 'Select “Alpha”' }).check();
    await page
      .getByRole('toolbar', { name: 'Selected tracks' })
      .getByRole('button', { name: 'Edit' })
      .click();
    await dialog(page).getByRole('heading', { name: 'Edit 2 tracks' }).waitFor();

    // The other editor removes Charlie while the form is open.
    await trackRow(other, 'Charlie').getByRole('button', { name: 'Delete “Charlie”' }).click();
    await trackRow(other, 'Charlie')
      .getByRole('button', { name: 'Click again to delete “Charlie”' })
      .click();

    await dialog(page)
      .getByText('The selection changed: 1 track was removed meanwhile.', { exact: false })
      .waitFor();
    // Still the form for several tracks: empty fields keep each track's tags.
    await expect(dialog(page).getByLabel('Artist').inputValue()).resolves.toBe('');
    await expect(dialog(page).getByLabel('Title').count()).resolves.toBe(0);
    await dialog(page).getByLabel('Genre').fill('Jazz');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Track updated').waitFor();

    const [alpha] = await listTracksAs(server, member.cookie, room._id);
    expect(alpha).toMatchObject({
      title: 'Alpha',
      artist: 'Night Owls',
      album: 'Moonlight',
      year: 1999,
      genre: 'Jazz',
    });
  });
});

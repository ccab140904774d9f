import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import { appServerTest as test } from '../src/app-server-test';
import { sineWav } from '../src/wav';
import { chooseFiles, trackRow, wavFile } from '../src/tracks';
import { seedTracks } from './support/seeded-tracks';
import { callAs, createRoomAs, registerMember, signInContext } from './support/rooms';

const list = (page: Page) => page.getByTestId('track-list');
const scrollTop = (page: Page) => list(page).evaluate((element) => element.scrollTop);

/** Whether the row is wholly inside the list's visible part. */
async function rowInView(page: Page, title: string): Promise<boolean> {
  const row = await trackRow(page, title).boundingBox();
  const box = await list(page).boundingBox();
  if (!row || !box) return false;
  return row.y >= box.y - 1 && row.y + row.height <= box.y + box.height + 1;
}

// A new upload of one's own is scrolled into view (spec §2 Track list); nobody else's list moves.
describe('a new upload in a long playlist', () => {
  test('is scrolled into view for its uploader only', async ({
    signedInPage: page,
    server,
    appServer,
    member,
    newBrowserPage,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Long room', room_url: 'long-room' });
    const titles = Array.from({ length: 16 }, (_, index) => ({ title: `Song ${index + 1}` }));
    await seedTracks(appServer.app, room._id, titles);
    const uploader = await registerMember(server, 'Uma Uploader');
    await callAs(server, member, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: uploader.username,
      role: 'participant',
    });
    const other = await newBrowserPage();
    await signInContext(other.context, server, uploader);
    for (const person of [page, other.page]) {
      await person.goto(`${server.url}/room/long-room`);
      await trackRow(person, 'Song 1').waitFor();
      expect(await scrollTop(person)).toBe(0);
    }

    await chooseFiles(other.page, [wavFile('Fresh Air.wav', sineWav(1, 500))]);
    await trackRow(other.page, 'Fresh Air').waitFor();
    await expect.poll(() => rowInView(other.page, 'Fresh Air')).toBe(true);
    expect(await scrollTop(other.page)).toBeGreaterThan(0);

    // The room owner's list takes the row at its end but stays where it was read.
    await page.getByLabel('Playlist stats').getByText('17 tracks').waitFor();
    expect(await scrollTop(page)).toBe(0);
    expect(await rowInView(page, 'Song 1')).toBe(true);
  });
});

import type { Page } from 'playwright-core';
import { describe, expect } from '../src/fixtures';
import { appServerTest as test } from '../src/app-server-test';
import { rowTitles } from '../src/tracks';
import { seedTracks } from './support/seeded-tracks';
import { callAs, createRoomAs, registerMember, signInContext } from './support/rooms';

const groupBy = (page: Page, label: string) =>
  page.getByRole('combobox', { name: 'Group tracks' }).selectOption({ label });
const headers = (page: Page) =>
  page.getByTestId('track-list').locator('.track-group').allInnerTexts();

// Grouping the list by artist or album (a view of one device): headers with counts, the
// shared order kept within each group, and the choice kept after a reload.
describe('grouping the track list', () => {
  test('groups by artist and by album on one device only, keeping the shared order', async ({
    signedInPage: page,
    server,
    appServer,
    member,
    newBrowserPage,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Group room', room_url: 'group-room' });
    await seedTracks(appServer.app, room._id, [
      { title: 'Owl One', artist: 'Night Owls', album: 'Dark' },
      { title: 'Bird One', artist: 'Day Birds', album: 'Light' },
      { title: 'Owl Two', artist: 'Night Owls', album: 'Light' },
      { title: 'Loose' },
      { title: 'Bird Two', artist: 'day birds', album: 'Light' },
    ]);
    const friend = await registerMember(server, 'Fred Friend');
    await callAs(server, member, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: friend.username,
      role: 'participant',
    });
    const other = await newBrowserPage();
    await signInContext(other.context, server, friend);
    const shared = ['Owl One', 'Bird One', 'Owl Two', 'Loose', 'Bird Two'];
    for (const person of [page, other.page]) {
      await person.goto(`${server.url}/room/group-room`);
      await expect.poll(() => rowTitles(person)).toEqual(shared);
    }

    await groupBy(page, 'By artist');
    await expect
      .poll(() => headers(page))
      .toEqual(['Night Owls\n2 tracks', 'Day Birds\n2 tracks', 'Unknown artist\n1 track']);
    expect(await rowTitles(page)).toEqual(['Owl One', 'Owl Two', 'Bird One', 'Bird Two', 'Loose']);
    await page.screenshot({ path: '/tmp/g/grouped-artist.png' });

    await groupBy(page, 'By album');
    await expect
      .poll(() => headers(page))
      .toEqual(['Dark\n1 track', 'Light\n3 tracks', 'Unknown album\n1 track']);
    expect(await rowTitles(page)).toEqual(['Owl One', 'Bird One', 'Owl Two', 'Bird Two', 'Loose']);

    await page.reload();
    await expect.poll(() => headers(page)).toHaveLength(3);
    expect(await page.getByRole('combobox', { name: 'Group tracks' }).inputValue()).toBe('album');
    // The other device keeps its own plain list.
    expect(await headers(other.page)).toEqual([]);
    expect(await rowTitles(other.page)).toEqual(shared);
  });
});

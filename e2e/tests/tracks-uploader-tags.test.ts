import { describe, expect } from '../src/fixtures';
import { appServerTest as test } from '../src/app-server-test';
import { rowTitles, trackRow } from '../src/tracks';
import { notice } from './support/people';
import { seedTracks } from './support/seeded-tracks';
import { callAs, createRoomAs, registerMember, signInContext } from './support/rooms';

// An uploader fixing the tags of their own track (title, artist, album, year): the room sees
// the fix at once; someone else's track offers them no edit.
describe('an uploader fixing their own tags', () => {
  test('edits the title of their track, not the genre nor anyone else’s track', async ({
    signedInPage: page,
    server,
    appServer,
    member,
    newBrowserPage,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Tag room', room_url: 'tag-room' });
    const uploader = await registerMember(server, 'Ulla Uploader');
    await callAs(server, member, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: uploader.username,
      role: 'participant',
    });
    await seedTracks(appServer.app, room._id, [
      { title: 'Mispelt Song', artist: 'Nobody', uploadedBy: uploader.id },
      { title: 'Owner Song', uploadedBy: member.id },
    ]);
    const other = await newBrowserPage();
    await signInContext(other.context, server, uploader);
    for (const person of [page, other.page]) {
      await person.goto(`${server.url}/room/tag-room`);
      await expect.poll(() => rowTitles(person)).toEqual(['Mispelt Song', 'Owner Song']);
    }

    const mine = other.page;
    await trackRow(mine, 'Owner Song')
      .getByRole('button', { name: /^Owner Song/ })
      .click();
    const ownerInfo = mine.getByRole('article', { name: 'About “Owner Song”' });
    await ownerInfo.waitFor();
    await expect(ownerInfo.getByRole('button', { name: 'Edit tags' }).count()).resolves.toBe(0);

    await trackRow(mine, 'Mispelt Song')
      .getByRole('button', { name: /^Mispelt Song/ })
      .click();
    const info = mine.getByRole('article', { name: 'About “Mispelt Song”' });
    await info.getByRole('button', { name: 'Edit tags' }).click();
    const edit = mine.getByRole('dialog', { name: 'Edit track' });
    await expect(edit.getByLabel('Genre').count()).resolves.toBe(0);
    await edit.getByLabel('Title').fill('Misspelt Song');
    await edit.getByLabel('Artist').fill('Somebody');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(mine, 'Track updated').waitFor();
    for (const person of [page, mine]) {
      await expect.poll(() => rowTitles(person)).toEqual(['Misspelt Song', 'Owner Song']);
    }
  });
});

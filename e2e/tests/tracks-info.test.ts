import type { Page } from 'playwright-core';
import { AUTH_ROUTES } from '@music-rooms/domain/account-routes';
import { test as base, describe, expect, startedPerFile } from '../src/fixtures';
import { startAppServer } from '../src/app-server';
import type { E2EServer } from '../src/harness';
import { sineWav } from '../src/wav';
import { trackRow, uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { markEmailVerified } from '../../server/src/services/accounts/users-store';
import { updateTrackRow } from '../../server/src/services/tracks/store';
import { asUserId } from '../../domain/src/ids';
import { mp3 } from '../../server/test/helpers/yandex-music-library';
import { makePng } from './support/photo';
import { newPerson, notice } from './support/people';
import { createRoomAs, signInContext, type Member } from './support/rooms';

const ADMIN_EMAIL = 'tracks.admin@example.com';

// A super administrator's address counts once verified: the test verifies it in the database.
const test = base
  .extend(
    'appServer',
    { scope: 'file' },
    startedPerFile(() => startAppServer({ SUPER_ADMIN_EMAILS: ADMIN_EMAIL })),
  )
  .extend('server', { scope: 'file' }, ({ appServer }) => appServer);

/** A room with one ready track, "Glass - Prism". */
async function roomWithTrack(server: E2EServer, owner: Member, url: string, password?: string) {
  const room = await createRoomAs(server, owner, {
    name: `Room ${url}`,
    room_url: url,
    ...(password ? { password } : {}),
  });
  await uploadAs(server, owner.cookie, room._id, wavFile('Glass - Prism.wav', sineWav(2, 350)));
  await waitForReadyTracks(server, owner.cookie, room._id, 1);
  return room;
}

const info = (page: Page) => page.getByRole('article', { name: 'About “Prism”' });

async function openPrism(page: Page) {
  await trackRow(page, 'Prism')
    .getByRole('button', { name: /^Prism/ })
    .click();
  await info(page).waitFor();
}

/** The width the browser decoded an image at (0 while it has not loaded). */
const naturalWidth = (page: Page, name: string) =>
  page
    .getByRole('img', { name })
    .evaluate((image) => (image instanceof HTMLImageElement ? image.naturalWidth : 0));

// The track info panel (spec §2): facts, cover changes, and what a super administrator sees.
describe('the track info panel', () => {
  test('lets an editor change the cover and go back to the file’s own, without the external ids', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    await roomWithTrack(server, member, 'cover-room');
    await page.goto(`${server.url}/room/cover-room`);
    await openPrism(page);
    await expect(info(page).textContent()).resolves.toContain('Glass');
    await expect(page.getByText('External ids').count()).resolves.toBe(0);

    const chooser = page.waitForEvent('filechooser');
    await info(page).getByRole('button', { name: 'Change cover' }).click();
    await (
      await chooser
    ).setFiles({ name: 'art.png', mimeType: 'image/png', buffer: makePng(600, 600) });
    await notice(page, 'Cover changed').waitFor();
    await expect.poll(() => naturalWidth(page, 'Cover of “Prism”')).toBe(512);

    // A WAV file carries no picture: the cover set on it can only be removed.
    await expect(
      info(page).getByRole('button', { name: "Use the file's cover" }).count(),
    ).resolves.toBe(0);
    await info(page).getByRole('button', { name: 'Remove cover' }).click();
    await notice(page, 'Cover removed').waitFor();
    await expect.poll(() => page.getByRole('img', { name: 'Cover of “Prism”' }).count()).toBe(0);
    await expect
      .poll(() => info(page).getByRole('button', { name: 'Remove cover' }).count())
      .toBe(0);

    // One track's edit includes its title, which may not be blank.
    await info(page).getByRole('button', { name: 'Edit tags' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit track' });
    await edit.getByLabel('Title').fill('  ');
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.getByText('This field is required').waitFor();
    await edit.getByLabel('Title').fill('Spectrum');
    await edit.getByLabel('Genre').fill('Ambient');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Track updated').waitFor();
    await trackRow(page, 'Spectrum').waitFor();
    const spectrum = page.getByRole('article', { name: 'About “Spectrum”' });
    await expect.poll(() => spectrum.textContent()).toContain('Ambient');
  });

  test('offers the file’s own cover only while another one is shown', async ({
    signedInPage: page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Art room', room_url: 'art-room' });
    const audio = await mp3(2, 440, 'red');
    await uploadAs(server, member.cookie, room._id, {
      name: 'Glass - Prism.mp3',
      mimeType: 'audio/mpeg',
      buffer: audio,
    });
    await waitForReadyTracks(server, member.cookie, room._id, 1);
    await page.goto(`${server.url}/room/art-room`);
    await openPrism(page);
    const useFileCover = info(page).getByRole('button', { name: "Use the file's cover" });
    await expect.poll(() => naturalWidth(page, 'Cover of “Prism”')).toBe(512);
    await expect(useFileCover.count()).resolves.toBe(0);

    const chooser = page.waitForEvent('filechooser');
    await info(page).getByRole('button', { name: 'Change cover' }).click();
    await (
      await chooser
    ).setFiles({ name: 'art.png', mimeType: 'image/png', buffer: makePng(600, 600) });
    await notice(page, 'Cover changed').waitFor();
    await useFileCover.click();
    await notice(page, "Back to the file's cover").waitFor();
    await expect.poll(() => useFileCover.count()).toBe(0);
    await expect(info(page).getByRole('button', { name: 'Remove cover' }).count()).resolves.toBe(0);
  });

  test('shows a super administrator the external ids', async ({
    page,
    context,
    server,
    appServer,
  }) => {
    const person = newPerson('Root Admin', { email: ADMIN_EMAIL });
    const response = await fetch(server.url + AUTH_ROUTES.register, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(person),
    });
    const { user } = (await response.json()) as { user: { id: string } };
    await markEmailVerified(appServer.app.database.db, asUserId(user.id));
    const cookie = response.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const admin: Member = { ...person, id: user.id, cookie };
    await roomWithTrack(server, admin, 'admin-room');
    await signInContext(context, server, admin);
    await page.goto(`${server.url}/room/admin-room`);
    await openPrism(page);
    const external = info(page).getByRole('region', { name: 'External ids' });
    await external.waitFor();
    await expect(external.textContent()).resolves.toContain('ISRC');
    await expect(external.textContent()).resolves.toContain('Spotify id');
  });

  test('shows a password room’s tracks and covers to a visitor holding the tab’s pass', async ({
    page,
    server,
    member,
    context,
    newBrowserPage,
  }) => {
    await roomWithTrack(server, member, 'locked-room', 'let me in');
    await signInContext(context, server, member);
    // The owner goes in without the password; a visitor needs it.
    await page.goto(`${server.url}/room/locked-room`);
    await openPrism(page);
    const chooser = page.waitForEvent('filechooser');
    await info(page).getByRole('button', { name: 'Change cover' }).click();
    await (
      await chooser
    ).setFiles({ name: 'art.png', mimeType: 'image/png', buffer: makePng(64, 64) });
    await notice(page, 'Cover changed').waitFor();

    const visitor = (await newBrowserPage()).page;
    await visitor.goto(`${server.url}/room/locked-room`);
    await visitor.getByLabel('Password', { exact: true }).fill('let me in');
    await visitor.getByRole('button', { name: 'Enter the room' }).click();
    await trackRow(visitor, 'Prism').waitFor();
    await openPrism(visitor);
    const cover = visitor.getByRole('img', { name: 'Cover of “Prism”' });
    await expect.poll(() => naturalWidth(visitor, 'Cover of “Prism”')).toBe(512);
    const src = new URL((await cover.getAttribute('src')) ?? '', server.url);
    expect(src.searchParams.get('accessToken')).toBeTruthy();
    expect(src.searchParams.get('session_id')).toBeTruthy();
    // Without the pass, the same address is refused.
    const bare = await fetch(`${server.url}${src.pathname}`);
    expect(bare.status).toBeGreaterThanOrEqual(400);
  });

  test('marks a track NEW for ten days after its upload', async ({
    signedInPage: page,
    server,
    member,
    appServer,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Age room', room_url: 'age-room' });
    await uploadAs(server, member.cookie, room._id, wavFile('Fresh - Today.wav', sineWav(1, 900)));
    await uploadAs(
      server,
      member.cookie,
      room._id,
      wavFile('Aged - Last Month.wav', sineWav(1, 950)),
    );
    const [, aged] = await waitForReadyTracks(server, member.cookie, room._id, 2);
    const elevenDays = 11 * 24 * 60 * 60 * 1000;
    await updateTrackRow(appServer.app.database.db, aged!._id, {
      uploadedAt: new Date(Date.now() - elevenDays),
    });
    await page.goto(`${server.url}/room/age-room`);
    await trackRow(page, 'Last Month').waitFor();
    await expect(trackRow(page, 'Today').getByText('NEW').count()).resolves.toBe(1);
    await expect(trackRow(page, 'Last Month').getByText('NEW').count()).resolves.toBe(0);
  });
});

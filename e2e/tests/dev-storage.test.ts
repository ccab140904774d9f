import { asUserId } from '@music-rooms/domain';
import type { Page } from 'playwright-core';
import { updateUser } from '../../server/src/services/accounts/users-store';
import { allowSiteReads, s3StorageEnv, startS3Server } from '../../server/test/helpers/s3-server';
import { startAppServer, type AppServer } from '../src/app-server';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { uploadAs, waitForReadyTracks, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { createRoomAs, registerMember, signInContext } from './support/rooms';

// The two storage pages as a super administrator uses them: on the S3 test server (the file's
// server) and on local storage (a second server). The app is at hand to make the member a
// super administrator.
const test = base
  .extend(
    's3',
    { scope: 'file' },
    startedPerFile(() => startS3Server()),
  )
  .extend('s3Server', { scope: 'file' }, async ({ s3 }, { onCleanup }) => {
    const server = await startAppServer(s3StorageEnv(s3));
    onCleanup(() => server.close());
    return server;
  })
  .extend(
    'localServer',
    { scope: 'file' },
    startedPerFile(() => startAppServer()),
  )
  .extend('server', { scope: 'file' }, ({ s3Server }) => s3Server);

/** A signed-in super administrator's page on `server`. */
async function superAdminPage(page: Page, server: AppServer): Promise<Page> {
  const member = await registerMember(server, 'Ada Admin');
  await updateUser(server.app.database.db, asUserId(member.id), { superAdmin: true });
  await signInContext(page.context(), server, member);
  return page;
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

async function storesListsAndDeletes(page: Page) {
  await page.getByLabel('Choose a file…').setInputFiles({
    name: 'Release notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('what changed\n'.repeat(40)),
  });
  await page.getByText(/^Stored as dev\/Release_notes\.txt in \d+ ms$/).waitFor();
  const row = page.getByRole('row', { name: /dev\/Release_notes\.txt/ });
  await row.waitFor();
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('Release_notes.txt');
  return row;
}

describe('object storage pages on S3', () => {
  test('name the bucket, store a file, presign it and delete it', async ({ page, s3Server }) => {
    await superAdminPage(page, s3Server);
    await page.goto(`${s3Server.url}/dev/debug-r2`);
    await heading(page, 'Object storage').waitFor();
    await page.getByText('S3-compatible bucket').waitFor();
    await page.getByText('music-rooms-test').waitFor();
    const row = await storesListsAndDeletes(page);
    await row.getByRole('button', { name: 'Presign' }).click();
    const link = page.getByRole('link', { name: /X-Amz-Signature/ });
    const url = await link.getAttribute('href');
    expect(await (await fetch(url!)).text()).toContain('what changed');
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });
    await page.screenshot({ path: 'test-results/dev-storage-s3.png', fullPage: true });
  });

  test('the CORS test says the bucket refuses the site, shows the rule, then passes with it', async ({
    page,
    s3Server,
    s3,
  }) => {
    await superAdminPage(page, s3Server);
    const member = await registerMember(s3Server, 'Uploader');
    const room = await createRoomAs(s3Server, member, { name: 'Probe', room_url: 'probe' });
    await uploadAs(s3Server, member.cookie, room._id, wavFile('Probe - Tone.wav', sineWav(1, 440)));
    await waitForReadyTracks(s3Server, member.cookie, room._id, 1);

    await page.goto(`${s3Server.url}/dev/s3-cors-test`);
    await page.getByRole('button', { name: 'Run the test' }).click();
    await page.getByText(/^Object: audio\/.+ \(a track’s audio\)$/).waitFor();
    await page
      .getByText(`The bucket’s CORS rules do not let ${s3Server.url} read its objects.`)
      .waitFor();
    const rule = page.getByLabel('Bucket CORS rule');
    expect(JSON.parse(await rule.innerText())).toMatchObject({
      CORSRules: [{ AllowedOrigins: [s3Server.url], AllowedHeaders: ['Range'] }],
    });

    await allowSiteReads(s3, s3Server.url);
    await page.getByRole('button', { name: 'Run the test' }).click();
    await page
      .getByText(/^Passed: HTTP 206, 1024 bytes in \d+ ms, Content-Range bytes 0-1023\/\d+$/)
      .waitFor();
  });
});

describe('object storage pages on local storage', () => {
  test('store, list and delete files, and no CORS to test', async ({ page, localServer }) => {
    await superAdminPage(page, localServer);
    await page.goto(`${localServer.url}/dev/debug-r2`);
    await page.getByText('Local folder (DATA_DIR/storage)').waitFor();
    const row = await storesListsAndDeletes(page);
    await row.getByRole('button', { name: 'Presign' }).click();
    await page.getByText('Local storage has no presigned links').waitFor();
    await row.getByRole('button', { name: 'Delete' }).click();
    await row.waitFor({ state: 'detached' });

    await page.goto(`${localServer.url}/ru/dev/s3-cors-test`);
    await page.getByRole('button', { name: 'Проверить' }).click();
    await page.getByText('Локальное хранилище: браузер читает файлы с этого сервера').waitFor();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/admin-commands';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories, type SessionClient } from '../helpers/factories';

/** The developer pages exist only for super administrators; everyone else gets "Page not found". */
describe('developer pages (/dev)', () => {
  let t: TestApp;
  let f: ReturnType<typeof factories>;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>shell</title>');
    t = await startTestApp(
      { SUPER_ADMIN_EMAILS: 'listed@example.com,listed.too@example.com' },
      { config: { webDist: dist } },
    );
    f = factories(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const pages = ['/dev', '/dev/notices', '/dev/duplicates', '/dev/some-page'];
  const statuses = async (client: SessionClient) =>
    Promise.all(
      pages.map(
        async (page) => (await client.fetch(page, { headers: { accept: 'text/html' } })).status,
      ),
    );

  it('answers 404 to a guest', async () => {
    expect(await statuses(f.guest())).toEqual([404, 404, 404, 404]);
  });

  it('answers 404 to a signed-in user who is not a super administrator', async () => {
    const { client } = await f.signedInUser();
    expect(await statuses(client)).toEqual([404, 404, 404, 404]);
  });

  it('serves the pages to a listed super administrator once the address is verified', async () => {
    const { client } = await f.signedInUser({ email: 'Listed@example.com', emailVerified: true });
    expect(await statuses(client)).toEqual([200, 200, 200, 200]);
  });

  it('answers 404 to an account with a listed address that is not verified', async () => {
    const { client } = await f.signedInUser({ email: 'listed.too@example.com' });
    expect(await statuses(client)).toEqual([404, 404, 404, 404]);
  });

  it('serves them to an account granted with the admin command, and not after revoke', async () => {
    const { user, client } = await f.signedInUser();
    const run = (name: string) =>
      COMMANDS[name]!.run({ config: t.config, database: t.app.database, args: [user.email] });
    await run('grant');
    expect(await statuses(client)).toEqual([200, 200, 200, 200]);
    await run('revoke');
    expect(await statuses(client)).toEqual([404, 404, 404, 404]);
  });
});

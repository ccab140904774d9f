import { CONTEXT_OPTIONS, describe, expect, test as base } from '../src/fixtures';
import { createRoomAs, registerMember } from './support/rooms';

/** A password pass that lapses quickly, so a test can outlive it. */
const PASS_TTL_MS = 1500;

const test = base
  .extend('serverOptions', { scope: 'file' }, { rooms: { accessTokenTtlMs: PASS_TTL_MS } })
  // Playwright's own window size (1280×720), which this journey was written against.
  .extend('contextOptions', { locale: CONTEXT_OPTIONS.locale });

// The password gate's pass expires: the tab forgets it and asks for the password again.
describe('room password pass', () => {
  test('forgets an expired pass, token and flag, and shows the gate again', async ({
    page,
    server,
  }) => {
    const owner = await registerMember(server, 'Tess Timer');
    await createRoomAs(server, owner, {
      name: 'Hourglass',
      room_url: 'hourglass',
      password: 'tick',
    });
    await page.goto(server.url + '/room/hourglass');
    await page.getByLabel('Password', { exact: true }).fill('tick');
    await page.getByRole('button', { name: 'Enter the room' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hourglass' }).waitFor();
    const stored = () =>
      page.evaluate(() => [
        sessionStorage.getItem('music-rooms:room-access-token:hourglass'),
        sessionStorage.getItem('music-rooms:room-access:hourglass'),
      ]);
    expect((await stored())[1]).toBe('true');

    // Outlive the pass, then come back: the server answers "Token expired".
    await page.waitForTimeout(PASS_TTL_MS + 500);
    const verified = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/query') &&
        response.request().postData()?.includes('rooms.verifyAccessToken') === true,
    );
    const sweep = page.waitForRequest(
      (request) => request.postData()?.includes('rooms.cleanupExpiredTokens') === true,
    );
    await page.reload();
    const answer = (await (await verified).json()) as {
      value: { valid: boolean; error?: string };
    };
    expect(answer.value).toEqual({ valid: false, error: 'Token expired' });
    // "Token expired" also has the server sweep every expired pass.
    expect(new URL((await sweep).url()).pathname).toBe('/api/mutation');
    await page.getByRole('heading', { level: 1, name: 'Enter the room password' }).waitFor();
    expect(await stored()).toEqual([null, null]);
  });
});

import { describe, expect, test } from '../src/fixtures';
import { builtPreloads } from './support/built-preloads';
import { assetsBeforeRoomCard, gzipTransferSize } from './support/home-assets';
import { createRoomAs } from './support/rooms';

/** What the home page may download in scripts before its room list shows: 150 KB gzip. */
const HOME_SCRIPT_BUDGET = 150_000;

// What a production build publishes.
describe('web bundle', () => {
  test('publishes no source maps', async ({ page, server }) => {
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.url());
    });
    await page.goto(server.url + '/');
    await page.getByRole('tab', { name: 'All rooms' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    for (const url of scripts) {
      const script = await fetch(url).then((answer) => answer.text());
      expect(script).not.toContain('sourceMappingURL');
      expect((await fetch(`${url}.map`)).status).toBe(404);
    }
  });

  test('sends at most 150 KB of scripts (gzip) before the home page shows its rooms', async ({
    page,
    server,
    member,
  }) => {
    const name = 'Budget listening room';
    await createRoomAs(server, member, { name, room_url: 'budget-listening-room' });
    const assets = await assetsBeforeRoomCard(page, server.url + '/', name);
    const scripts = assets.filter((asset) => asset.endsWith('.js'));
    // The entry, the app, the home page: the measure saw the page load.
    for (const script of builtPreloads().pages.home.scripts) expect(scripts).toContain(script);
    const sizes = await Promise.all(scripts.map((script) => gzipTransferSize(server.url + script)));
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(total).toBeLessThanOrEqual(HOME_SCRIPT_BUDGET);
  });
});

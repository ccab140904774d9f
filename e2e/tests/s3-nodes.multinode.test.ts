import type { Page } from 'playwright-core';
import { describe, expect, startedPerFile } from '../src/fixtures';
import { startProxiedSite } from '../src/proxied-site';
import { NODE_COOKIE } from '../src/sticky-proxy';
import { chooseFiles, trackRow, wavFile } from '../src/tracks';
import { sineWav } from '../src/wav';
import { audioTest, heardInStep, openRoomAs, playerBar, roomWithTracks } from './support/player';

/** Two nodes on one PostgreSQL, Redis and bucket behind a sticky proxy; browsers that may play. */
const test = audioTest.extend('site', { scope: 'file' }, startedPerFile(startProxiedSite));

/** The node the proxy keeps this page's browser on. */
const nodeOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === NODE_COOKIE)?.value;

/** Two nodes, a bucket and two browsers on a machine of two cores: more than a minute. */
const LONG_JOURNEY = { timeout: 180_000 };

// README "Several nodes" with STORAGE=s3: what happens through one node reaches the other.
describe('two nodes behind a sticky proxy, on one bucket', () => {
  test(
    'play through one node is heard on the other, and a track uploaded through one plays on the other',
    LONG_JOURNEY,
    async ({ site, audioBrowser }) => {
      // Grace, on the other node, picks a track while Ada hosts: everyone controls here.
      const room = await roomWithTracks(site, {
        tracks: [{ file: 'Alpha - First.wav', seconds: 20, frequency: 440 }],
        playbackControl: 'everyone',
      });
      const ada = await openRoomAs(audioBrowser, site, room.owner, room.url);
      const grace = await openRoomAs(audioBrowser, site, room.other, room.url);
      // One page on each node, its realtime connection included.
      expect(await nodeOf(ada)).toBeDefined();
      expect(await nodeOf(grace)).toBeDefined();
      expect(await nodeOf(grace)).not.toBe(await nodeOf(ada));
      await expect.poll(() => site.proxy.upgrades.every((count) => count > 0)).toBe(true);

      await playerBar(ada).getByRole('button', { name: 'Play' }).click();
      const [first] = await heardInStep(grace, ada);

      await chooseFiles(ada, [wavFile('Gamma - Through One Node.wav', sineWav(20, 550))]);
      const row = trackRow(grace, 'Through One Node');
      await expect.poll(() => row.getAttribute('data-status'), { timeout: 30_000 }).toBe('ready');
      await row.getByRole('button', { name: 'Play “Through One Node”' }).click();
      await expect.poll(() => playerBar(ada).textContent()).toContain('Through One Node');
      const [heard] = await heardInStep(grace, ada);
      expect(heard.trackId).not.toBe(first.trackId);
      expect(await playerBar(grace).textContent()).toContain('Through One Node');
    },
  );
});

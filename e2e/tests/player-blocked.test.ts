import { CONTEXT_OPTIONS, describe, expect, startedPerFile } from '../src/fixtures';
import {
  asksFor,
  audioTest,
  heardInSync,
  launchPlayerBrowser,
  openRoomAs,
  playerBar,
  roomWithTracks,
} from './support/player';
import { signInContext } from './support/rooms';

/**
 * Ada's browser may play; Grace's blocks audio until she clicks, as a browser does for a page
 * opened fresh (a browser of its own: one that played in another tab of the site would let it).
 */
const test = audioTest.extend(
  'strictBrowser',
  { scope: 'file' },
  startedPerFile(() => launchPlayerBrowser(false)),
);

// Spec §4 Player sync: "click to start playback" when the browser blocks autoplay.
describe('a browser that blocks autoplay', () => {
  test('shows "Click to start playback", and a click starts the music in sync', async ({
    server,
    audioBrowser,
    strictBrowser,
  }) => {
    const { owner, other, url } = await roomWithTracks(server);
    const ada = await openRoomAs(audioBrowser, server, owner, url);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(ada);

    // Playwright's own look into a page counts as a click for the browser: Grace's page is
    // opened without one, and looked at only once its player has the room's answer and has asked
    // its audio to run. The seek bar asks for the playing track (tracks.get) in the same render
    // that hands the answer to the player, so that request is the sign (over HTTP or the
    // realtime connection); asking the room (player.get) is not: under load the answer may come
    // long after.
    const context = await strictBrowser.newContext(CONTEXT_OPTIONS);
    await signInContext(context, server, other);
    const grace = await context.newPage();
    const answered = asksFor(grace, 'tracks.get');
    await grace.goto(url);
    await answered;
    const bar = playerBar(grace);
    const start = bar.getByRole('button', { name: 'Click to start playback' });
    await start.waitFor({ timeout: 15_000 });
    expect(await bar.getAttribute('data-sync')).toBe('blocked');
    await start.click();
    const heard = await heardInSync(grace);
    expect(heard.playing).toBe(true);
    await start.waitFor({ state: 'detached' });
  });
});

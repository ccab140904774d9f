import { describe, expect, startedPerFile } from '../src/fixtures';
import { startLastingServer } from '../src/lasting-server';
import {
  heardInSync,
  openRoomAs,
  playerBar,
  roomWithTracks,
  audioTest,
  type ToneTrack,
} from './support/player';

/** The built server as its own process, to stop and start again under a playing page. */
const test = audioTest.extend('lasting', { scope: 'file' }, startedPerFile(startLastingServer));

const LONG_TRACKS: readonly ToneTrack[] = [
  { file: 'Alpha - First.wav', seconds: 150, frequency: 440 },
];

/** The page may play on from what it fetched, but must say it lost the room within this. */
const TELLS_MS = 2000;
/** Pages find the server again with Socket.IO's backoff (up to 5 s), on a busy machine. */
const BACK_MS = 45_000;

const badge = (page: Parameters<typeof playerBar>[0]) => playerBar(page).getByRole('status');

// Spec §4 Player sync: the badge says how the page stands with the room, the connection included.
describe('the sync badge when the connection goes', () => {
  test('the network cut: Reconnecting… at once, Back in sync when it returns', async ({
    lasting,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(lasting, { tracks: LONG_TRACKS });
    const ada = await openRoomAs(audioBrowser, lasting, room.owner, room.url);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(ada);
    await expect.poll(() => badge(ada).textContent()).toBe('In sync');

    await ada.context().setOffline(true);
    await expect.poll(() => badge(ada).textContent(), { timeout: TELLS_MS }).toBe('Reconnecting…');
    await ada.context().setOffline(false);
    await expect.poll(() => badge(ada).textContent(), { timeout: BACK_MS }).toBe('Back in sync');
  });

  test('the server stopped: Reconnecting… within two seconds, Back in sync once it is up', async ({
    lasting,
    audioBrowser,
  }) => {
    const room = await roomWithTracks(lasting, { tracks: LONG_TRACKS });
    const ada = await openRoomAs(audioBrowser, lasting, room.owner, room.url);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(ada);

    await lasting.stop('SIGKILL');
    await expect.poll(() => badge(ada).textContent(), { timeout: TELLS_MS }).toBe('Reconnecting…');
    await ada.screenshot({ path: '/tmp/player-reconnecting.png' });
    await lasting.start();
    await expect.poll(() => badge(ada).textContent(), { timeout: BACK_MS }).toBe('Back in sync');
  });
});

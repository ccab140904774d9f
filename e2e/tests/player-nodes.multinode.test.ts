import { describe, expect, startedPerFile } from '../src/fixtures';
import { startAppNodes } from '../src/app-nodes';
import {
  controlsReachTheOther,
  openRoomAs,
  playerBar,
  roomWithTracks,
  snapshot,
  audioTest,
} from './support/player';

/** Two app nodes on one PostgreSQL and one Redis, and browsers that may play. */
const test = audioTest.extend('app', { scope: 'file' }, startedPerFile(startAppNodes));

// README "Several nodes": a command through one node is heard in sync by a page of the other.
describe('the player on two nodes', () => {
  test('a command through one node is heard in step on the other', async ({
    app,
    audioBrowser,
  }) => {
    const [one, two] = app.nodes;
    const room = await roomWithTracks(one, { playbackControl: 'everyone' });
    const ada = await openRoomAs(audioBrowser, one, room.owner, one.url + room.path);
    const grace = await openRoomAs(audioBrowser, two, room.other, two.url + room.path);

    await controlsReachTheOther(ada, grace);

    await playerBar(grace).getByRole('button', { name: 'Pause' }).click();
    await expect.poll(async () => (await snapshot(ada))!.playing).toBe(false);
  });
});

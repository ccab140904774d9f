import { describe, expect } from '../src/fixtures';
import { notice } from './support/people';
import {
  controlsReachTheOther,
  heardInStep,
  heardInSync,
  playerBar,
  snapshot,
  twoInRoom,
  audioTest as test,
} from './support/player';

// Two people in one room hear the same instant (spec §4 Player sync, design §4).
describe('the synchronized player', () => {
  test('plays for everyone in step, and pause, seek and next reach the other', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    await controlsReachTheOther(ada, grace);
  });

  test('rejoins in sync after a reload', async ({ server, audioBrowser }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(grace);

    await grace.reload();
    const [again] = await heardInStep(grace, ada);
    expect(again.position).toBeGreaterThan(0);
  });

  test('labels the host, and another member becomes host when the host leaves', async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace } = await twoInRoom(server, audioBrowser);
    await playerBar(ada).getByText('You are the host').waitFor();
    await playerBar(grace).getByText('Host: Ada Lovelace').waitFor();

    await ada.context().close();
    await playerBar(grace).getByText('You are the host').waitFor({ timeout: 15_000 });
  });

  test("disables a viewer's controls, and the server refuses a viewer's command", async ({
    server,
    audioBrowser,
  }) => {
    const { ada, grace: page, roomId } = await twoInRoom(server, audioBrowser, { role: 'viewer' });
    await playerBar(ada).getByRole('button', { name: 'Play' }).click();
    await heardInSync(page);

    const bar = playerBar(page);
    expect(await bar.getByRole('button', { name: 'Pause' }).isDisabled()).toBe(true);
    expect(await bar.getByRole('button', { name: 'Next track' }).isDisabled()).toBe(true);
    expect(await bar.getByRole('slider', { name: 'Position in the track' }).isDisabled()).toBe(
      true,
    );
    // Their own volume is theirs to change.
    expect(await bar.getByRole('button', { name: 'Mute' }).isDisabled()).toBe(false);
    await page.keyboard.press('Space');

    const refusal = await page.evaluate(async (room) => {
      const response = await fetch('/api/mutation', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          path: 'player.command',
          args: { roomId: room, revision: 0, command: { type: 'pause' } },
        }),
      });
      return {
        status: response.status,
        body: (await response.json()) as { errorData: { code: string } },
      };
    }, roomId);
    expect(refusal.status).toBe(560);
    expect(refusal.body.errorData.code).toBe('forbidden');
    expect((await snapshot(ada))!.playing).toBe(true);
    await expect(notice(page, 'Someone changed the player first').count()).resolves.toBe(0);
  });
});

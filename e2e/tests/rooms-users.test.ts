import { FUNCTION_ENDPOINTS, type ArgsOf } from '@music-rooms/domain/functions';
import { describe, expect, test } from '../src/fixtures';
import type { E2EServer } from '../src/harness';
import { dialog, notice } from './support/people';
import {
  callAs,
  createRoomAs,
  registerMember,
  roomCard,
  signInContext,
  type Member,
} from './support/rooms';

/** Adds `member` to the room as `role`, invited by `by`. */
const invite = (
  server: E2EServer,
  by: Member,
  roomId: ArgsOf<'rooms.addUser'>['roomId'],
  member: Member,
  role: 'admin' | 'editor' | 'viewer',
) => callAs(server, by, 'rooms.addUser', { roomId, usernameOrEmail: member.username, role });

/** rooms.removeUser over HTTP as `member`: the error message key, or null when it went through. */
async function removeOverHttp(server: E2EServer, member: Member, roomId: string, userId: string) {
  const response = await fetch(server.url + FUNCTION_ENDPOINTS.mutation, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie },
    body: JSON.stringify({ path: 'rooms.removeUser', args: { roomId, userId } }),
  });
  const body = (await response.json()) as { status: string; errorData?: { key: string } };
  return body.status === 'success' ? null : (body.errorData?.key ?? body.status);
}

// What an admin reads in the users modal about members out of their hands (spec §6 removal
// rules), and the markers of password-protected and hidden rooms on the home page's cards.
describe('room users and markers', () => {
  test('tells an admin why the owner, their inviter, they themselves and others are not theirs to change', async ({
    page,
    context,
    server,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const ivan = await registerMember(server, 'Ivan Inviter');
    const adam = await registerMember(server, 'Adam Admin');
    const vera = await registerMember(server, 'Vera Viewer');
    const eve = await registerMember(server, 'Eve Editor');
    const room = await createRoomAs(server, owner, { name: 'Crew room', room_url: 'crew-room' });
    await invite(server, owner, room._id, ivan, 'admin');
    await invite(server, ivan, room._id, adam, 'admin');
    await invite(server, adam, room._id, vera, 'viewer');
    await invite(server, owner, room._id, eve, 'editor');

    await signInContext(context, server, adam);
    await page.goto(server.url + '/room/crew-room');
    await page.getByRole('button', { name: 'Members' }).click();
    const members = dialog(page);
    const row = (name: string) => members.getByRole('listitem').filter({ hasText: name });
    await row('Vera Viewer').waitFor();

    const reasons = {
      'Olga Owner': 'The room owner cannot be removed.',
      'Ivan Inviter': 'You cannot remove the user who invited you.',
      'Adam Admin': 'You cannot change your own role here.',
      'Eve Editor': 'You can only remove users you invited.',
    };
    for (const [name, reason] of Object.entries(reasons)) {
      await row(name).getByText(reason, { exact: true }).waitFor();
      expect(
        await row(name)
          .getByRole('button', { name: `Remove ${name}` })
          .count(),
      ).toBe(0);
      expect(await row(name).getByLabel(`Role of ${name}`).count()).toBe(0);
    }
    // Someone Adam invited is his to change, and no reason stands in the way.
    expect(await row('Vera Viewer').getByLabel('Role of Vera Viewer').inputValue()).toBe('viewer');
    expect(await row('Vera Viewer').locator('.member-refusal').count()).toBe(0);

    // The server says the same when asked directly.
    expect(await removeOverHttp(server, adam, room._id, ivan.id)).toBe(
      'rooms.errors.cannotChangeInviter',
    );
    expect(await removeOverHttp(server, adam, room._id, owner.id)).toBe(
      'rooms.errors.cannotChangeOwner',
    );

    await row('Vera Viewer').getByRole('button', { name: 'Remove Vera Viewer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await notice(page, 'Vera Viewer was removed').waitFor();
    await row('Vera Viewer').waitFor({ state: 'detached' });
  });

  test('marks a password room on the home list, and a hidden room on its member\'s "My rooms" tab', async ({
    page,
    context,
    server,
  }) => {
    const owner = await registerMember(server, 'Kate Keeper');
    const hana = await registerMember(server, 'Hana Member');
    await createRoomAs(server, owner, {
      name: 'Locked vault',
      room_url: 'locked-vault',
      password: 'open sesame',
    });
    const hidden = await createRoomAs(server, owner, {
      name: 'Secret garden',
      room_url: 'secret-garden',
      visibility: 'hidden',
    });
    await invite(server, owner, hidden._id, hana, 'viewer');

    await signInContext(context, server, hana);
    await page.goto(server.url + '/');
    const locked = roomCard(page, 'Locked vault');
    await locked.getByText('Password', { exact: true }).hover();
    expect(await page.getByRole('tooltip').textContent()).toBe('Protected by a password');
    // A hidden room is found only by its link: the list of all rooms leaves it out.
    expect(await roomCard(page, 'Secret garden').count()).toBe(0);

    await page.getByRole('tab', { name: 'My rooms' }).click();
    const secret = roomCard(page, 'Secret garden');
    await secret.getByLabel('Your role: Viewer').waitFor();
    await secret.getByText('Hidden', { exact: true }).hover();
    await page
      .getByRole('tooltip')
      .getByText('Only people with the link can find this room')
      .waitFor();
    expect(await secret.getByText('Password', { exact: true }).count()).toBe(0);
  });
});

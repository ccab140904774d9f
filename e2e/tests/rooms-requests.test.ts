import { FUNCTION_ENDPOINTS, type ArgsOf } from '@music-rooms/domain/functions';
import { describe, expect, test } from '../src/fixtures';
import type { E2EServer } from '../src/harness';
import { dialog, notice } from './support/people';
import { callAs, createRoomAs, registerMember, signInContext, type Member } from './support/rooms';

type RequestCall = 'rooms.requestAccess' | 'rooms.rejectRequest';

/** A request decision over HTTP, as `member`'s own browser would make it. */
async function mutateAs<Path extends RequestCall>(
  server: E2EServer,
  member: Member,
  path: Path,
  args: ArgsOf<Path>,
) {
  const response = await fetch(server.url + FUNCTION_ENDPOINTS.mutation, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: member.cookie },
    body: JSON.stringify({ path, args }),
  });
  const body = (await response.json()) as { status: string };
  if (body.status !== 'success') throw new Error(`${path} failed: ${JSON.stringify(body)}`);
}

// The owner and admins learn of access requests as they arrive, and an admin reads why a
// refusal is not theirs to reverse.
describe('access requests, live', () => {
  test('a stranger asks to join: the owner’s page counts it on Members and says so, without a reload', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const bob = await registerMember(server, 'Bob Stranger');
    await createRoomAs(server, owner, { name: 'Open house', room_url: 'open-house' });

    const ownerSide = await newBrowserPage();
    await signInContext(ownerSide.context, server, owner);
    await ownerSide.page.goto(server.url + '/room/open-house');
    const members = ownerSide.page.getByRole('button', { name: 'Members' });
    await members.waitFor();
    expect(await members.getAttribute('aria-label')).toBeNull();
    expect(await members.textContent()).toBe('Members');

    const bobSide = await newBrowserPage();
    await signInContext(bobSide.context, server, bob);
    await bobSide.page.goto(server.url + '/room/open-house');
    await bobSide.page.getByRole('button', { name: 'Request access' }).click();
    await bobSide.page.getByRole('heading', { name: 'Awaiting approval' }).waitFor();

    // The owner's page, untouched since it opened, follows.
    const counted = ownerSide.page.getByRole('button', {
      name: 'Members, 1 access request waiting',
    });
    await counted.waitFor();
    expect(await counted.textContent()).toBe('Members1');
    await notice(ownerSide.page, 'Bob Stranger asks to join this room').waitFor();
    await ownerSide.page.screenshot({ path: '/tmp/request-badge.png' });

    // The notice's action opens the members window at the request.
    await ownerSide.page.getByRole('button', { name: 'Review' }).click();
    const window = dialog(ownerSide.page);
    await window.getByLabel('Role for Bob Stranger').selectOption('viewer');
    await window.getByRole('button', { name: 'Approve' }).click();
    await window.getByText('Nobody is waiting to join.').waitFor();
    await window.getByRole('button', { name: 'Close' }).click();
    await window.waitFor({ state: 'detached' });
    await ownerSide.page.getByRole('button', { name: 'Members', exact: true }).waitFor();
    expect(await ownerSide.page.locator('.members-badge').count()).toBe(0);
  });

  test('requests waiting when the page opens are counted, but announced only when new', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Nora Owner');
    const [ann, ben] = [
      await registerMember(server, 'Ann Early'),
      await registerMember(server, 'Ben Later'),
    ];
    const room = await createRoomAs(server, owner, { name: 'Busy room', room_url: 'busy-room' });
    await mutateAs(server, ann, 'rooms.requestAccess', { roomId: room._id });

    const { context, page } = await newBrowserPage();
    await signInContext(context, server, owner);
    await page.goto(server.url + '/room/busy-room');
    await page.getByRole('button', { name: 'Members, 1 access request waiting' }).waitFor();
    expect(await notice(page, 'Ann Early asks to join this room').count()).toBe(0);

    await mutateAs(server, ben, 'rooms.requestAccess', { roomId: room._id });
    await page.getByRole('button', { name: 'Members, 2 access requests waiting' }).waitFor();
    await notice(page, 'Ben Later asks to join this room').waitFor();
    expect(await notice(page, 'Ann Early asks to join this room').count()).toBe(0);
  });

  test('an admin reads why someone the owner refused is not theirs to let in, in English and Russian', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Rex Owner');
    const admin = await registerMember(server, 'Ada Admin');
    const carol = await registerMember(server, 'Carol Hopeful');
    const room = await createRoomAs(server, owner, { name: 'Picky club', room_url: 'picky-club' });
    await callAs(server, owner, 'rooms.addUser', {
      roomId: room._id,
      usernameOrEmail: admin.username,
      role: 'admin',
    });
    await mutateAs(server, carol, 'rooms.requestAccess', { roomId: room._id });
    await mutateAs(server, owner, 'rooms.rejectRequest', {
      roomId: room._id,
      userId: carol.id as ArgsOf<'rooms.rejectRequest'>['userId'],
    });

    const { context, page } = await newBrowserPage();
    await signInContext(context, server, admin);
    await page.goto(server.url + '/room/picky-club');
    await page.getByRole('button', { name: 'Members' }).click();
    const window = dialog(page);
    const reason = 'The room owner refused this person: only the owner can let them in.';
    const requests = window.getByRole('region', { name: 'Access requests' });
    await requests.getByText('Carol Hopeful').waitFor();
    await requests.getByText(reason).waitFor();
    expect(await requests.getByRole('button', { name: 'Approve' }).count()).toBe(0);

    // Adding her by name is refused by the server, with the same reason.
    await window.getByLabel('Username or e-mail').fill(carol.username);
    await window.getByRole('button', { name: 'Add', exact: true }).click();
    await window.locator('.add-user__error').getByText(reason).waitFor();
    await page.screenshot({ path: '/tmp/refusal-en.png' });

    await page.goto(server.url + '/ru/room/picky-club');
    await page.getByRole('button', { name: 'Участники' }).click();
    await dialog(page)
      .getByText('Этому человеку отказал владелец комнаты: впустить его может только владелец.')
      .first()
      .waitFor();
  });
});

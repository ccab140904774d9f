import type { Page } from 'playwright-core';
import { describe, expect, test } from '../src/fixtures';
import { dialog, notice } from './support/people';
import { createRoomAs, registerMember, roomCard, signInContext } from './support/rooms';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Who may come in: asking to join and being let in with a role, and the password gate.
describe('room access', () => {
  test('lets a stranger ask to join; the owner approves as editor; the card then says editor', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Olga Owner');
    const bob = await registerMember(server, 'Bob Stranger');
    await createRoomAs(server, owner, { name: 'Open house', room_url: 'open-house' });

    const ownerSide = await newBrowserPage();
    await signInContext(ownerSide.context, server, owner);
    await ownerSide.page.goto(server.url + '/');
    const ownerCard = roomCard(ownerSide.page, 'Open house');
    await ownerCard.getByRole('img', { name: '0 listening now' }).waitFor();

    const bobSide = await newBrowserPage();
    await signInContext(bobSide.context, server, bob);
    await bobSide.page.goto(server.url + '/room/open-house');
    await heading(bobSide.page, 'Open house').waitFor();
    // The owner's card counts Bob in the room as soon as his page is open.
    await ownerCard.getByRole('img', { name: '1 listening now' }).waitFor();

    await bobSide.page.getByRole('button', { name: 'Request access' }).click();
    await bobSide.page.getByText('Awaiting approval').first().waitFor();
    await bobSide.page.reload();
    await bobSide.page.getByRole('heading', { name: 'Awaiting approval' }).waitFor();

    await ownerSide.page.goto(server.url + '/room/open-house');
    await ownerSide.page.getByRole('button', { name: 'Members' }).click();
    const members = dialog(ownerSide.page);
    await members.getByText('Bob Stranger').waitFor();
    await members.getByLabel('Role for Bob Stranger').selectOption('editor');
    await members.getByRole('button', { name: 'Approve' }).click();
    await notice(ownerSide.page, 'Bob Stranger joined as: Editor').waitFor();
    await members.getByText('Nobody is waiting to join.').waitFor();
    expect(await members.getByLabel('Role of Bob Stranger').inputValue()).toBe('editor');

    // Bob's page follows live: the request is gone and his role shows.
    await bobSide.page.getByRole('heading', { name: 'Awaiting approval' }).waitFor({
      state: 'detached',
    });
    await bobSide.page.getByLabel('Your role: Editor').waitFor();

    // Leaving the page (inside the app, the connection stays) leaves the room.
    await ownerSide.page.getByText('2 listening now').waitFor();
    await bobSide.page.getByRole('link', { name: 'Music Rooms, home page' }).click();
    await ownerSide.page.getByText('1 listening now').waitFor();

    await roomCard(bobSide.page, 'Open house').getByLabel('Your role: Editor').hover();
    const tooltip = bobSide.page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe('Your role: Editor');
  });

  test('shows "Denied" to someone whose request was rejected', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Rex Owner');
    const carol = await registerMember(server, 'Carol Hopeful');
    await createRoomAs(server, owner, { name: 'Picky club', room_url: 'picky-club' });

    const carolSide = await newBrowserPage();
    await signInContext(carolSide.context, server, carol);
    await carolSide.page.goto(server.url + '/room/picky-club');
    await carolSide.page.getByRole('button', { name: 'Request access' }).click();
    await carolSide.page.getByRole('heading', { name: 'Awaiting approval' }).waitFor();

    const ownerSide = await newBrowserPage();
    await signInContext(ownerSide.context, server, owner);
    await ownerSide.page.goto(server.url + '/room/picky-club');
    await ownerSide.page.getByRole('button', { name: 'Members' }).click();
    await dialog(ownerSide.page).getByRole('button', { name: 'Reject' }).click();
    await notice(ownerSide.page, 'The request of Carol Hopeful was rejected').waitFor();

    await carolSide.page.getByRole('heading', { name: 'Denied' }).waitFor();
    await carolSide.page.getByText('The owner declined your request to join this room.').waitFor();
    expect(await carolSide.page.getByRole('button', { name: 'Request access' }).count()).toBe(0);
  });

  test('lets the owner add a member by username, change the role and remove them', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Mia Manager');
    const dan = await registerMember(server, 'Dan Added');
    await createRoomAs(server, owner, { name: 'Team room', room_url: 'team-room' });
    const ownerSide = await newBrowserPage();
    await signInContext(ownerSide.context, server, owner);
    await ownerSide.page.goto(server.url + '/room/team-room');
    await ownerSide.page.getByRole('button', { name: 'Members' }).click();
    const members = dialog(ownerSide.page);

    await members.getByLabel('Username or e-mail').fill('nobody_by_that_name');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await members.getByText('No user with this username or e-mail.').waitFor();

    await members.getByLabel('Username or e-mail').fill(dan.username);
    await members.getByLabel('Role', { exact: true }).selectOption('viewer');
    await members.getByRole('button', { name: 'Add', exact: true }).click();
    await notice(ownerSide.page, 'Member added').waitFor();
    const role = members.getByLabel('Role of Dan Added');
    expect(await role.inputValue()).toBe('viewer');
    expect(await members.getByLabel('Username or e-mail').inputValue()).toBe('');

    await role.selectOption('admin');
    await notice(ownerSide.page, 'Dan Added is now: Admin').waitFor();
    await members.getByRole('button', { name: 'Remove Dan Added' }).click();
    const confirm = ownerSide.page.getByRole('alertdialog');
    await confirm.getByText('Dan Added loses their role in this room').waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await notice(ownerSide.page, 'Dan Added was removed').waitFor();
    await members.getByText('Dan Added').waitFor({ state: 'detached' });
    // The owner is no one's to remove.
    expect(await members.getByRole('button', { name: 'Remove Mia Manager' }).count()).toBe(0);
  });

  test('asks for the password in a new browser, lets the person in, and asks again in a new tab', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Pat Password');
    const ownerSide = await newBrowserPage();
    await signInContext(ownerSide.context, server, owner);
    await ownerSide.page.goto(server.url + '/rooms/new');
    await ownerSide.page.getByLabel('Room name').fill('Vault');
    await ownerSide.page.getByRole('switch', { name: 'Protect with a password' }).click();
    await ownerSide.page.getByLabel('Room password').fill('open sesame');
    await ownerSide.page.getByRole('button', { name: 'Create room' }).click();
    await heading(ownerSide.page, 'Vault').waitFor();
    await ownerSide.page.getByText('1 listening now').waitFor();

    const visitor = await newBrowserPage();
    await visitor.page.goto(server.url + '/room/vault');
    await heading(visitor.page, 'Enter the room password').waitFor();
    // The gate names the room (as its card does) but shows nothing of what is inside.
    await visitor.page.getByRole('banner').getByText('Vault', { exact: true }).waitFor();
    expect(await heading(visitor.page, 'Vault').count()).toBe(0);
    await visitor.page.getByLabel('Password', { exact: true }).fill('wrong');
    await visitor.page.getByRole('button', { name: 'Enter the room' }).click();
    await visitor.page.getByText('Wrong password').waitFor();
    await visitor.page.getByLabel('Password', { exact: true }).fill('open sesame');
    await visitor.page.getByRole('button', { name: 'Enter the room' }).click();
    await heading(visitor.page, 'Vault').waitFor();
    await ownerSide.page.getByText('2 listening now').waitFor();

    const stored = await visitor.page.evaluate(() => ({
      token: sessionStorage.getItem('music-rooms:room-access-token:vault'),
      flag: sessionStorage.getItem('music-rooms:room-access:vault'),
      session: sessionStorage.getItem('music-rooms:tab-session-id'),
    }));
    expect(stored.token).toBeTruthy();
    expect(stored.flag).toBe('true');
    expect(stored.session).toBeTruthy();

    // The pass lasts as long as the tab: a reload stays in, a new tab asks again.
    await visitor.page.reload();
    await heading(visitor.page, 'Vault').waitFor();
    const secondTab = await visitor.context.newPage();
    await secondTab.goto(server.url + '/room/vault');
    await heading(secondTab, 'Enter the room password').waitFor();

    // A pass the server no longer knows (a new password) is forgotten, and the gate shows again.
    await visitor.page.evaluate(() =>
      sessionStorage.setItem('music-rooms:room-access-token:vault', 'not-a-real-token'),
    );
    await visitor.page.reload();
    await heading(visitor.page, 'Enter the room password').waitFor();
    expect(
      await visitor.page.evaluate(() => sessionStorage.getItem('music-rooms:room-access:vault')),
    ).toBeNull();
  });

  test('shows an invite-only room as unavailable to a stranger, and a missing room as not found', async ({
    server,
    newBrowserPage,
  }) => {
    const owner = await registerMember(server, 'Ian Invite');
    await createRoomAs(server, owner, {
      name: 'Inner circle',
      room_url: 'inner-circle',
      visibility: 'inviteOnly',
    });
    const { page } = await newBrowserPage();
    await page.goto(server.url + '/');
    const card = roomCard(page, 'Inner circle');
    await card.getByText('Unavailable').waitFor();
    await card.getByRole('link', { name: 'Inner circle' }).click();
    await page.getByRole('heading', { name: 'This room is invite-only' }).waitFor();
    await page.getByText('Invite-only rooms are not available yet.', { exact: false }).waitFor();

    await page.goto(server.url + '/room/no-such-room');
    await heading(page, 'Room not found').waitFor();
    await page.getByText('There is no room at room/no-such-room.', { exact: false }).waitFor();
  });
});

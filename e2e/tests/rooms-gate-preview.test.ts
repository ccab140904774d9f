import type { Page } from 'playwright-core';
import { describe, expect, test as base } from '../src/fixtures';
import { createRoomAs, registerMember, type Member } from './support/rooms';

/**
 * Olga and her two closed rooms: one behind a password, one invite-only. Auto: the tests only
 * visit them as strangers, but the rooms must be there.
 */
const test = base.extend('owner', { scope: 'file', auto: true }, async ({ server }) => {
  const owner: Member = await registerMember(server, 'Olga Owner');
  await createRoomAs(server, owner, {
    name: 'Vault',
    description: 'Plans nobody may read',
    room_url: 'vault',
    password: 'open sesame',
  });
  await createRoomAs(server, owner, {
    name: 'Inner circle',
    room_url: 'inner-circle',
    visibility: 'inviteOnly',
  });
  return owner;
});

const headerTitle = (page: Page, title: string) =>
  page.getByRole('banner').getByText(title, { exact: true });

// A stranger kept out of a room still sees which room it is (spec: name, markers and owner, as
// on its card), in the page header and the tab's title, with a way back to the rooms.
describe('closed rooms as a stranger sees them', () => {
  test('the password gate names the room and its owner, and leads back to the rooms', async ({
    page,
    open,
    server,
  }) => {
    await open('/room/vault');
    await page.getByRole('heading', { level: 1, name: 'Enter the room password' }).waitFor();
    await headerTitle(page, 'Vault').waitFor();
    expect(await page.title()).toBe('Vault · Music Rooms');
    await page.getByText('Created by Olga Owner').waitFor();
    await page.getByLabel('Protected by a password').waitFor();
    // What is inside stays inside.
    expect(await page.getByText('Plans nobody may read').count()).toBe(0);
    await page.screenshot({ path: '/tmp/gate-en.png' });

    await page.getByRole('link', { name: 'Back to the rooms' }).click();
    await page.waitForURL(server.url + '/');
    await page.getByRole('tab', { name: 'All rooms' }).waitFor();
  });

  test('the invite-only page names the room, in Russian too', async ({ page, open, server }) => {
    await open('/room/inner-circle');
    await page.getByRole('heading', { name: 'This room is invite-only' }).waitFor();
    await headerTitle(page, 'Inner circle').waitFor();
    expect(await page.title()).toBe('Inner circle · Music Rooms');
    await page.getByText('Created by Olga Owner').waitFor();
    await page.getByRole('link', { name: 'Back to the rooms' }).waitFor();

    await open('/ru/room/inner-circle');
    await page.getByRole('heading', { name: 'Эта комната только по приглашению' }).waitFor();
    await headerTitle(page, 'Inner circle').waitFor();
    expect(await page.title()).toBe('Inner circle · Music Rooms');
    await page.getByText('Создатель: Olga Owner').waitFor();
    await page.screenshot({ path: '/tmp/unavailable-ru.png' });
    await page.getByRole('link', { name: 'Назад к комнатам' }).click();
    await page.waitForURL(server.url + '/ru/');
  });

  test('the password gate in Russian', async ({ page, open }) => {
    await open('/ru/room/vault');
    await page.getByRole('heading', { level: 1, name: 'Введите пароль комнаты' }).waitFor();
    await headerTitle(page, 'Vault').waitFor();
    expect(await page.title()).toBe('Vault · Music Rooms');
    await page.getByText('Создатель: Olga Owner').waitFor();
    await page.getByLabel('Защищена паролем').waitFor();
    await page.getByRole('link', { name: 'Назад к комнатам' }).waitFor();
    await page.screenshot({ path: '/tmp/gate-ru.png' });
  });
});

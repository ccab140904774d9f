import type { Page } from 'playwright-core';
import { describe, expect, test } from '../src/fixtures';
import { dialog, notice } from './support/people';
import { createRoomAs, registerMember, signInContext } from './support/rooms';

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

// Making a room, changing its settings and deleting it, in English and in Russian.
describe('rooms', () => {
  test('asks a guest to sign in before creating a room', async ({ page, open }) => {
    await open('/');
    await page.getByRole('button', { name: 'Create room' }).first().click();
    await dialog(page).getByText('Sign in or create an account to do this.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('creates a room: counts the name, suggests the URL and says when it is taken', async ({
    signedInPage: page,
    server,
    open,
  }) => {
    const other = await registerMember(server, 'Olga Owner');
    await createRoomAs(server, other, { name: 'Taken', room_url: 'taken-url' });

    await open('/');
    await page.getByRole('button', { name: 'Create room' }).first().click();
    await heading(page, 'Create a new room').waitFor();
    expect(await page.title()).toBe('Create a new room · Music Rooms');
    expect(await page.getByRole('link', { name: 'Back to the rooms' }).getAttribute('href')).toBe(
      '/',
    );

    const name = page.getByLabel('Room name');
    const url = page.getByLabel('Room URL');
    await name.fill('Ночной джаз');
    await page.getByText(`${'Ночной джаз'.length}/50`, { exact: true }).waitFor();
    expect(await url.inputValue()).toBe('nochnoy-dzhaz');
    await page.getByText('This URL is available').waitFor();

    await url.fill('taken-url');
    await page.getByText('This URL is already taken').waitFor();
    expect(await url.getAttribute('aria-invalid')).toBe('true');
    // Typed by hand, the URL no longer follows the name.
    await name.fill('Night jazz');
    await page.getByText('10/50', { exact: true }).waitFor();
    expect(await url.inputValue()).toBe('taken-url');

    await url.fill('bad--url');
    await page.getByText(/^Invalid format/).waitFor();
    await url.fill('night-jazz');
    await page.getByText('This URL is available').waitFor();
    await page.getByLabel('Description (optional)').fill('Late sets, quiet voices.');
    await page.getByRole('button', { name: 'Create room' }).click();

    await page.waitForURL(`${server.url}/room/night-jazz`);
    await heading(page, 'Night jazz').waitFor();
    expect(await page.getByRole('banner').textContent()).toContain('Night jazz');
    expect(await page.title()).toBe('Night jazz · Music Rooms');
    await page.getByText('Late sets, quiet voices.').waitFor();
    await page.getByText('1 listening now').waitFor();
    await page.getByText('The playlist is empty').waitFor();
  });

  test('refuses a URL taken while the form was open, next to the URL field', async ({
    page,
    context,
    server,
    open,
  }) => {
    const ada = await registerMember(server, 'Ada Race');
    await signInContext(context, server, ada);
    await open('/rooms/new');
    await page.getByLabel('Room name').fill('Race condition');
    await page.getByText('This URL is available').waitFor();
    const rival = await registerMember(server, 'Rita Rival');
    await createRoomAs(server, rival, { name: 'Faster', room_url: 'race-condition' });
    await page.getByRole('button', { name: 'Create room' }).click();
    await page.getByText('This URL is already taken').waitFor();
    expect(new URL(page.url()).pathname).toBe('/rooms/new');
  });

  test('changes the settings, then deletes the room after a confirmation naming it', async ({
    page,
    context,
    server,
    open,
  }) => {
    const owner = await registerMember(server, 'Sam Settings');
    await createRoomAs(server, owner, { name: 'Old name', room_url: 'old-name' });
    await signInContext(context, server, owner);
    await open('/room/old-name');
    await heading(page, 'Old name').waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = dialog(page);
    await settings.getByRole('heading', { name: 'Room settings' }).waitFor();
    await settings.getByText("The room's current address").waitFor();
    await settings.getByLabel('Room name').fill('New name');
    expect(await settings.getByLabel('Room URL').inputValue()).toBe('old-name');
    await settings.getByLabel('Room URL').fill('new-name');
    await settings.getByText('This URL is available').waitFor();
    await settings.getByRole('radio', { name: 'Hidden' }).check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await notice(page, 'Settings saved').waitFor();
    await page.waitForURL(`${server.url}/room/new-name`);
    await heading(page, 'New name').waitFor();
    await page.getByLabel('Only people with the link can find this room').waitFor();

    await page.getByRole('button', { name: 'Settings' }).click();
    await dialog(page).getByRole('button', { name: 'Delete room' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('heading', { name: 'Delete “New name”?' }).waitFor();
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await notice(page, 'Room “New name” deleted').waitFor();
    await page.waitForURL(`${server.url}/`);

    await open('/room/new-name');
    await heading(page, 'Room not found').waitFor();
    expect(await page.title()).toBe('Room not found · Music Rooms');
  });

  test('speaks Russian on the create screen and in the room list', async ({
    page,
    context,
    server,
    open,
  }) => {
    const ivan = await registerMember(server, 'Иван');
    await createRoomAs(server, ivan, { name: 'Занято', room_url: 'zanyato' });
    await signInContext(context, server, ivan);

    await open('/ru/rooms/new');
    await heading(page, 'Новая комната').waitFor();
    expect(await page.title()).toBe('Новая комната · Music Rooms');
    await page.getByLabel('Название комнаты').fill('Занято');
    await page.getByText('6/50', { exact: true }).waitFor();
    await page.getByText('Этот адрес уже занят').waitFor();
    await page.getByLabel('Название комнаты').fill('Свободно');
    expect(await page.getByLabel('Адрес комнаты').inputValue()).toBe('svobodno');
    await page.getByText('Этот адрес свободен').waitFor();
    await page.getByRole('button', { name: 'Создать комнату' }).click();
    await page.waitForURL(`${server.url}/ru/room/svobodno`);
    await page.getByText('Плейлист пуст').waitFor();
    await page.getByText('Сейчас слушает 1').waitFor();

    await page.getByRole('link', { name: 'Music Rooms, главная страница' }).click();
    await page.getByRole('tab', { name: 'Мои комнаты' }).click();
    await page.getByRole('article', { name: 'Занято' }).waitFor();
    await page.getByRole('button', { name: /Сортировка комнат/ }).click();
    await page.getByRole('menuitemradio', { name: 'По названию, А–Я' }).click();
    await page.getByRole('button', { name: 'Сортировка комнат: По названию, А–Я' }).waitFor();
    expect(await page.getByRole('article', { name: 'Занято' }).textContent()).toContain('Владелец');
  });
});

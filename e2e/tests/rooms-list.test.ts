import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test as base } from '../src/fixtures';
import { dialog, notice } from './support/people';
import { cardNames, createRoomAs, registerMember, roomCard, signInContext } from './support/rooms';

const test = base
  // One owner for the whole file: the rooms pile up in one list, as on a busy server.
  .extend('owner', { scope: 'file' }, ({ server }) => registerMember(server, 'Olga Owner'))
  // Makes a room for each name, owned by Olga, its URL taken from the name.
  .extend('seedRooms', ({ server, owner }) => async (names: string[]) => {
    for (const name of names) {
      const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
      await createRoomAs(server, owner, { name, room_url: slug });
    }
  });

/** A word no other test's rooms contain, so a search shows only this test's rooms. */
const uniqueWord = () => `w${randomBytes(3).toString('hex')}`;

const search = (page: Page, text: string) =>
  page.getByRole('searchbox', { name: 'Search rooms' }).fill(text);

async function expectNames(page: Page, names: string[]) {
  await expect.poll(() => cardNames(page)).toEqual(names);
}

// The home page's room list: favourites, search, sort, paging, and what it downloads.
describe('room list', () => {
  test('marks favourites at once, keeps them, filters by them, and gives them up', async ({
    page,
    context,
    server,
    seedRooms,
  }) => {
    const word = uniqueWord();
    await seedRooms([`Blue ${word}`, `Green ${word}`]);
    const ada = await registerMember(server, 'Ada Fan');
    await signInContext(context, server, ada);
    await page.goto(server.url + '/');

    const blue = roomCard(page, `Blue ${word}`);
    await blue.getByRole('button', { name: 'Add to favourites' }).click();
    const blueHeart = blue.getByRole('button', { name: 'Remove from favourites' });
    expect(await blueHeart.getAttribute('aria-pressed')).toBe('true');
    await page.reload();
    expect(await blueHeart.getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Favourites', exact: true }).click();
    await page.waitForURL(/favorites=1/);
    await expectNames(page, [`Blue ${word}`]);

    // The header heart of the room page is the same flag.
    await page.goto(server.url + `/room/green-${word}`);
    await page.getByRole('banner').getByRole('button', { name: 'Add to favourites' }).click();
    await page
      .getByRole('banner')
      .getByRole('button', { name: 'Remove from favourites', pressed: true })
      .waitFor();
    await page.goto(server.url + '/?favorites=1');
    await expect
      .poll(async () => (await cardNames(page)).sort())
      .toEqual([`Blue ${word}`, `Green ${word}`]);

    await blueHeart.click();
    await roomCard(page, `Blue ${word}`).waitFor({ state: 'detached' });
    await roomCard(page, `Green ${word}`)
      .getByRole('button', { name: 'Remove from favourites' })
      .click();
    await page.getByText('No favourites yet').waitFor();
  });

  test('turns the heart back and says why when the server refuses the favourite', async ({
    page,
    context,
    server,
    owner,
  }) => {
    await createRoomAs(server, owner, {
      name: 'Locked favourite',
      room_url: 'locked-favourite',
      password: 'secret',
    });
    const ada = await registerMember(server, 'Ada Locked');
    await signInContext(context, server, ada);
    await page.goto(server.url + '/');
    const card = roomCard(page, 'Locked favourite');
    await card.getByRole('button', { name: 'Add to favourites' }).click();
    await notice(page, 'Could not change your favourites').waitFor();
    await notice(page, 'This room is protected by a password.').waitFor();
    expect(
      await card.getByRole('button', { name: 'Add to favourites' }).getAttribute('aria-pressed'),
    ).toBe('false');
  });

  test('asks a guest to sign in for a favourite', async ({ page, server, owner }) => {
    await createRoomAs(server, owner, { name: 'Guest heart', room_url: 'guest-heart' });
    await page.goto(server.url + '/');
    await roomCard(page, 'Guest heart').getByRole('button', { name: 'Add to favourites' }).click();
    await dialog(page).getByText('Sign in or create an account to do this.').waitFor();
  });

  test('searches on the server and sorts, and keeps both in the address', async ({
    page,
    server,
    seedRooms,
  }) => {
    const word = uniqueWord();
    await seedRooms([`Alpha ${word} jazz`, `Beta ${word} rock`, `Gamma ${word} jazz`]);
    await page.goto(server.url + '/');

    await search(page, word);
    await page.waitForURL(new RegExp(`q=${word}`));
    await expectNames(page, [`Gamma ${word} jazz`, `Beta ${word} rock`, `Alpha ${word} jazz`]);
    await page.getByText('3 rooms', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sort rooms: Newest first' }).click();
    await page.getByRole('menuitemradio', { name: 'Name, A to Z' }).click();
    await page.getByRole('button', { name: 'Sort rooms: Name, A to Z' }).waitFor();
    await expectNames(page, [`Alpha ${word} jazz`, `Beta ${word} rock`, `Gamma ${word} jazz`]);

    await search(page, `${word} jazz`);
    await expectNames(page, [`Alpha ${word} jazz`, `Gamma ${word} jazz`]);
    await page.reload();
    await expectNames(page, [`Alpha ${word} jazz`, `Gamma ${word} jazz`]);
    expect(await page.getByRole('searchbox', { name: 'Search rooms' }).inputValue()).toBe(
      `${word} jazz`,
    );

    await page.getByRole('button', { name: 'Sort rooms: Name, A to Z' }).click();
    await page.getByRole('menuitemradio', { name: 'Name, Z to A' }).click();
    await expectNames(page, [`Gamma ${word} jazz`, `Alpha ${word} jazz`]);

    await search(page, `${word} polka`);
    await page.getByText('Nothing found').waitFor();
    await page.getByText(`No rooms match “${word} polka”. Try another word.`).waitFor();
  });

  test('shows more rooms on demand, a page at a time', async ({ page, server, seedRooms }) => {
    const word = uniqueWord();
    await seedRooms(Array.from({ length: 26 }, (_, index) => `Room ${index + 1} ${word}`));
    await page.goto(server.url + `/?q=${word}`);
    await page.getByText('26 rooms', { exact: true }).waitFor();
    expect(await page.getByRole('article').count()).toBe(24);
    await page.getByRole('button', { name: 'Show more rooms' }).click();
    await roomCard(page, `Room 1 ${word}`).waitFor();
    expect(await page.getByRole('article').count()).toBe(26);
    expect(await page.getByRole('button', { name: 'Show more rooms' }).count()).toBe(0);
  });

  test('loads neither the room page nor the form rules for the home page', async ({
    page,
    server,
  }) => {
    const scripts: { url: string; body: string }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push({ url: response.url(), body: await response.text().catch(() => '') });
    });
    await page.goto(server.url + '/');
    await page.getByRole('tab', { name: 'All rooms' }).waitFor();
    await page.getByRole('article').first().waitFor();
    await page.waitForLoadState('networkidle');
    const names = scripts.map((script) => new URL(script.url).pathname);
    expect(names.some((name) => /RoomPage|CreateRoomPage|RoomSettings|RoomUsers/.test(name))).toBe(
      false,
    );
    expect(scripts.filter((script) => script.body.includes('ZodError')).map((s) => s.url)).toEqual(
      [],
    );
  });
});

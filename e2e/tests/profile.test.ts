import type { Page } from 'playwright-core';
import { CONTEXT_OPTIONS, describe, expect, test as base } from '../src/fixtures';
import { makePng } from './support/photo';
import { dialog, newPerson, notice, signUp, userMenuText } from './support/people';

/**
 * Every test starts as Ada, just signed up through the dialog, on her profile and settings
 * screen (auto: the tests that never name her still need her there).
 */
const test = base
  .extend('person', { auto: true }, async ({ page, server }) => {
    const person = newPerson('Ada Lovelace');
    await page.goto(server.url + '/');
    await signUp(page, person);
    await page.getByRole('button', { name: 'Open the user menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile and settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Profile and settings' }).waitFor();
    return person;
  })
  // A taller window (1280×900) than the other journeys': the settings screen is a long one.
  .extend('contextOptions', { ...CONTEXT_OPTIONS, viewport: { width: 1280, height: 900 } });

const account = (page: Page) => page.getByRole('region', { name: 'Account' });

// The profile and settings screen as its owner uses it: profile, photo, settings, export.
describe('profile and settings', () => {
  test('saves a changed name: a success message, the dialog closes, the header shows it', async ({
    page,
  }) => {
    await account(page).getByRole('button', { name: 'Edit profile' }).click();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Change at least one field to save').waitFor();

    await dialog(page).getByLabel('Name', { exact: true }).fill('  Ada King  ');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Profile updated').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await account(page).textContent()).toContain('Ada King');
    expect(await userMenuText(page)).toContain('Ada King');
    await page.reload();
    expect(await userMenuText(page)).toContain('Ada King');
  });

  test('refuses a username that breaks the rules, in place', async ({ page }) => {
    await account(page).getByRole('button', { name: 'Edit profile' }).click();
    await dialog(page).getByLabel('Username', { exact: true }).fill('has space');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Only Latin letters, digits and underscore are allowed').waitFor();
    await dialog(page).getByLabel('Name', { exact: true }).fill('');
    await dialog(page).getByText('The name must be 1 to 20 characters long').waitFor();
  });

  test('crops and saves a photo, which then shows as the avatar', async ({ page }) => {
    const chooser = page.waitForEvent('filechooser');
    await account(page).getByRole('button', { name: 'Upload photo' }).click();
    await (
      await chooser
    ).setFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(300, 200) });
    await dialog(page).getByRole('heading', { name: 'Crop your photo' }).waitFor();
    await dialog(page).getByRole('img', { name: 'The photo being cropped' }).waitFor();
    await dialog(page).getByRole('slider', { name: 'Zoom' }).fill('2');
    await dialog(page).getByRole('button', { name: 'Save photo' }).click();
    await notice(page, 'Photo updated').waitFor();

    const photo = account(page).getByRole('img', { name: 'Your profile photo' });
    const src = (await photo.getAttribute('src')) ?? '';
    expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
    const size = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      return [image.naturalWidth, image.naturalHeight];
    }, src);
    expect(size).toEqual([64, 64]);
    expect(await page.getByRole('banner').locator('img').getAttribute('src')).toBe(src);

    await account(page).getByRole('button', { name: 'Remove photo' }).click();
    await notice(page, 'Photo removed').waitFor();
    expect(await account(page).getByRole('img', { name: 'Your profile photo' }).count()).toBe(0);
  });

  test('refuses a photo over 5 MB and a file that is not PNG or JPG', async ({ page }) => {
    const big = page.waitForEvent('filechooser');
    await account(page).getByRole('button', { name: 'Upload photo' }).click();
    await (
      await big
    ).setFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
    });
    await account(page).getByText('File is too large. Maximum 5MB').waitFor();

    const gif = page.waitForEvent('filechooser');
    await account(page).getByRole('button', { name: 'Upload photo' }).click();
    await (
      await gif
    ).setFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await account(page).getByText('Choose a PNG or JPG image.').waitFor();
    expect(await dialog(page).count()).toBe(0);
  });

  test('keeps notification and sound settings with the account', async ({ page }) => {
    const sounds = page.getByRole('switch', { name: 'Sound effects' });
    await sounds.waitFor();
    await page
      .getByRole('switch', { name: 'Sound effects' })
      .and(page.locator(':enabled'))
      .waitFor();
    expect(await sounds.getAttribute('aria-checked')).toBe('false');
    await sounds.click();
    // The change shows as soon as the page has handled the click; the save follows it.
    await expect.poll(() => sounds.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('status').getByText('Sound effects: on. Saved.').waitFor();
    await page.reload();
    await page
      .getByRole('switch', { name: 'Sound effects' })
      .and(page.locator(':enabled'))
      .waitFor();
    expect(
      await page.getByRole('switch', { name: 'Sound effects' }).getAttribute('aria-checked'),
    ).toBe('true');
    // On with the account, but shown off: this browser has not allowed notifications.
    expect(
      await page.getByRole('switch', { name: 'Notifications' }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  test('downloads the account data as JSON', async ({ page, person }) => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.json$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    const data = JSON.parse(await readFile(path, 'utf8')) as { profile: { email: string } };
    expect(data.profile.email).toBe(person.email);
  });

  test('shows the e-mail masked until asked, and whether a password is set', async ({
    page,
    person,
  }) => {
    const email = account(page).getByRole('definition').filter({ hasText: '@example.com' });
    const [local] = person.email.split('@') as [string];
    const masked = `${local[0]}***${local[local.length - 1]}@example.com`;
    expect(await email.textContent()).toBe(masked);
    await account(page).getByRole('button', { name: 'Show e-mail' }).click();
    expect(await email.textContent()).toBe(person.email);
    expect(await account(page).textContent()).toContain('Set');
    expect(await account(page).getByRole('button', { name: 'Change password' }).count()).toBe(1);
  });

  test('changes the password after checking the current one', async ({ page, person }) => {
    await account(page).getByRole('button', { name: 'Change password' }).click();
    await dialog(page).getByLabel('Current password', { exact: true }).fill('wrong-password');
    await dialog(page).getByLabel('New password', { exact: true }).fill('brand-new-secret');
    await dialog(page)
      .getByLabel('Repeat the new password', { exact: true })
      .fill('brand-new-secre');
    await dialog(page).getByRole('button', { name: 'Save password' }).click();
    await dialog(page).getByText('Passwords do not match').waitFor();
    await dialog(page)
      .getByLabel('Repeat the new password', { exact: true })
      .fill('brand-new-secret');
    await dialog(page).getByRole('button', { name: 'Save password' }).click();
    await dialog(page)
      .getByText('Failed to change password. Check your current password.')
      .waitFor();
    await dialog(page).getByLabel('Current password', { exact: true }).fill(person.password);
    await dialog(page).getByRole('button', { name: 'Save password' }).click();
    await notice(page, 'Password changed').waitFor();
    expect(await dialog(page).count()).toBe(0);
  });

  test('clears the cache, reloads, and says so while keeping the user signed in', async ({
    page,
    person,
  }) => {
    await page.evaluate(() => localStorage.setItem('something-cached', 'x'));
    await page.getByRole('button', { name: 'Clear cache' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Clear cache' }).click();
    await notice(page, 'Cache cleared').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('something-cached'))).toBeNull();
    expect(await userMenuText(page)).toContain(`@${person.username}`);
  });
});

import type { Page } from 'playwright-core';
import { startFakeProviders, type FakeProviders } from '../../server/test/helpers/oauth-providers';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { dialog, newPerson, notice, signUp, userMenuText } from './support/people';

// Local fake providers, and a server that sends the browser to them and is called back.
const test = base
  .extend('providers', { scope: 'file' }, startedPerFile(startFakeProviders))
  .extend('serverOptions', { scope: 'file' }, ({ providers }) => ({
    publicUrl: true,
    env: providers.env,
  }));

let serial = 0;

/** The next GitHub sign-in is this person's. */
function gitHubPerson(providers: FakeProviders, name: string) {
  serial += 1;
  const login = `octo_${Date.now().toString(36)}_${serial}`;
  const email = `${login}@example.com`;
  providers.github.profile = {
    id: Date.now() + serial,
    login,
    name,
    emails: [{ email, primary: true, verified: true }],
  };
  return { login, email };
}

/** Clicks a button that opens the provider popup; resolves once the popup has gone. */
async function throughPopup(page: Page, click: () => Promise<void>) {
  const opened = page.waitForEvent('popup');
  await click();
  const popup = await opened;
  if (!popup.isClosed()) await popup.waitForEvent('close');
}

// Signing in with a provider in a popup, linking and unlinking one, against local fake providers.
describe('sign-in with other services', () => {
  test('signs in with GitHub in a popup', async ({ page, server, providers }) => {
    gitHubPerson(providers, 'Octo Cat');
    await page.goto(server.url + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await throughPopup(page, () =>
      dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click(),
    );
    await notice(page, 'You are signed in').waitFor();
    expect(await dialog(page).count()).toBe(0);
    expect(await userMenuText(page)).toContain('Octo Cat');
  });

  test('links Google to an account, then unlinks it', async ({ page, server, providers }) => {
    const ada = newPerson('Ada Lovelace');
    await page.goto(server.url + '/');
    await signUp(page, ada);
    providers.google.claims = {
      sub: `google-${Date.now()}`,
      email: ada.email,
      email_verified: true,
      name: 'Ada L.',
    };
    await page.getByRole('button', { name: 'Open the user menu' }).click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    const google = dialog(page).getByRole('listitem').filter({ hasText: 'Google' });
    expect(await google.textContent()).toContain('Not linked');

    await throughPopup(page, () => google.getByRole('button', { name: 'Link Google' }).click());
    await notice(page, 'Account linked').waitFor();
    await google.getByText('Linked', { exact: true }).waitFor();

    await google.getByRole('button', { name: 'Unlink Google' }).click();
    await notice(page, 'Account unlinked').waitFor();
    await google.getByText('Not linked').waitFor();
  });

  test('keeps the only way to sign in: unlinking it is not offered, and says why', async ({
    page,
    server,
    providers,
  }) => {
    gitHubPerson(providers, 'Only GitHub');
    await page.goto(server.url + '/');
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await throughPopup(page, () =>
      dialog(page).getByRole('button', { name: 'Continue with GitHub' }).click(),
    );
    await notice(page, 'You are signed in').waitFor();
    await page.goto(server.url + '/settings');
    const github = page.getByRole('listitem').filter({ hasText: 'GitHub' });
    const unlink = github.getByRole('button', { name: 'Unlink GitHub' });
    expect(await unlink.isDisabled()).toBe(true);
    expect(await github.textContent()).toContain('This is your only way to sign in.');
    expect(await page.getByRole('region', { name: 'Account' }).textContent()).toContain('Not set');

    await page.getByRole('button', { name: 'Set password' }).click();
    await dialog(page).getByLabel('New password', { exact: true }).fill('now-i-have-one');
    await dialog(page)
      .getByLabel('Repeat the new password', { exact: true })
      .fill('now-i-have-one');
    await dialog(page).getByRole('button', { name: 'Save password' }).click();
    await notice(page, 'Password set').waitFor();
    expect(await unlink.isDisabled()).toBe(false);
  });

  test('comes back to the page it started from after a full-page sign-in', async ({
    page,
    server,
    providers,
  }) => {
    gitHubPerson(providers, 'Full Page');
    await page.goto(`${server.url}/auth/github?returnTo=${encodeURIComponent('/settings')}`);
    await page.getByRole('heading', { level: 1, name: 'Profile and settings' }).waitFor();
    await notice(page, 'You are signed in').waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    expect(await userMenuText(page)).toContain('Full Page');
  });

  test('shows a failed Google sign-in on the authentication page, then clears the address', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.url}/auth?error=google_oauth_failed`);
    await page.getByText('Google sign-in failed. Please try again.').waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await page.title()).toBe('Authentication · Music Rooms');
  });
});

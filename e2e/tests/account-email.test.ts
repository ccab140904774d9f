import type { Page } from 'playwright-core';
import { startSmtpCapture } from '../../server/test/helpers/mail';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { dialog, newPerson, openUserMenu, signUp } from './support/people';

/** Listed in SUPER_ADMIN_EMAILS: signing up with it is not enough, the address must be verified. */
const ADMIN_EMAIL = 'chief@example.com';

/** The verification link in a received mail's text. */
function verificationLink(text: string | undefined): string {
  const link = /https?:\/\/\S+\/verify-email\?token=[^\s>)"]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no verification link in the mail: ${text}`);
  return link;
}

// A mail catcher, and a server that mails it links leading back to the server.
const test = base
  .extend('smtp', { scope: 'file' }, startedPerFile(startSmtpCapture))
  .extend('serverOptions', { scope: 'file' }, ({ smtp }) => ({
    publicUrl: true,
    env: { SMTP_URL: smtp.url, SUPER_ADMIN_EMAILS: ADMIN_EMAIL },
  }));

const adminBadge = (page: Page) => page.getByRole('link', { name: 'SUPER ADMIN' });

async function openAccount(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Account' }).click();
  await dialog(page).getByRole('heading', { name: 'Account', exact: true }).waitFor();
}

describe('super administrator e-mail verification', () => {
  test('a listed address gets its rights only through the mailed link', async ({
    page,
    server,
    smtp,
  }) => {
    await page.goto(server.url + '/');
    const signUpMail = smtp.next();
    await signUp(page, newPerson('Ada Admin', { email: ADMIN_EMAIL }));
    await signUpMail;
    expect(await adminBadge(page).count()).toBe(0);

    await openAccount(page);
    await dialog(page).getByText('This address is listed as a super administrator’s').waitFor();
    const resent = smtp.next();
    await dialog(page).getByRole('button', { name: 'Send the verification link' }).click();
    await dialog(page).getByText('Link sent to c***f@example.com').waitFor();
    const mail = await resent;
    expect(mail.subject).toBe('Confirm your Music Rooms e-mail address');
    await page.keyboard.press('Escape');

    await page.goto(verificationLink(mail.text));
    await page.getByText('Your e-mail address is verified').waitFor();
    await page.getByText('Super administrator rights are now active for this address.').waitFor();
    await adminBadge(page).click();
    await page.getByRole('heading', { level: 1, name: 'Developer tools' }).waitFor();

    // The link works once.
    await page.goto(verificationLink(mail.text));
    await page.getByText('This verification link has already been used.').waitFor();
  });

  test('says in Russian when a link is not valid', async ({ page, server }) => {
    await page.goto(server.url + '/ru/verify-email?token=not-a-real-one');
    await page.getByRole('heading', { level: 1, name: 'Подтверждение e-mail' }).waitFor();
    await page.getByText('Ссылка недействительна.').waitFor();
    await page.goto(server.url + '/ru/verify-email');
    await page.getByText('В ссылке нет кода подтверждения.').waitFor();
  });
});

describe('changing the e-mail in Edit profile', () => {
  test('asks for the current password, refuses a wrong one, then saves and returns to Account', async ({
    page,
    server,
  }) => {
    const ada = newPerson('Ada Lovelace');
    await page.goto(server.url + '/');
    await signUp(page, ada);
    await openAccount(page);
    await dialog(page).getByRole('button', { name: 'Edit profile' }).click();
    await dialog(page).getByRole('heading', { name: 'Edit profile' }).waitFor();
    expect(await dialog(page).getByLabel('Current password', { exact: true }).count()).toBe(0);

    await dialog(page).getByLabel('E-mail', { exact: true }).fill('ada.new@example.com');
    const current = dialog(page).getByLabel('Current password', { exact: true });
    await current.waitFor();
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('This field is required').waitFor();

    await current.fill('not-my-password');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('The current password is not correct.').waitFor();

    await current.fill(ada.password);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Profile updated').waitFor();
    // 1.5 s later the Account dialog it came from is back.
    await dialog(page).getByRole('heading', { name: 'Account', exact: true }).waitFor();
    await dialog(page).getByRole('button', { name: 'Show e-mail' }).click();
    await dialog(page).getByText('ada.new@example.com').waitFor();
  });

  test('opened from the settings screen, a saved profile just closes', async ({ page, server }) => {
    await page.goto(server.url + '/');
    await signUp(page, newPerson('Ada Lovelace'));
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Profile and settings' }).click();
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByRole('button', { name: 'Edit profile' }).click();
    await dialog(page).getByLabel('Name', { exact: true }).fill('Ada King');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await dialog(page).getByText('Profile updated').waitFor();
    await dialog(page).waitFor({ state: 'detached' });
    expect(await account.textContent()).toContain('Ada King');
  });
});

import { startSmtpCapture } from '../../server/test/helpers/mail';
import { describe, expect, startedPerFile, test as base } from '../src/fixtures';
import { AUTH_ROUTES } from '@music-rooms/domain/account-routes';
import {
  dialog,
  logOut,
  newPerson,
  notice,
  signIn,
  signUp,
  signedIn,
  userMenuText,
} from './support/people';

/** The reset link in a received mail's text. */
function resetLink(text: string | undefined): string {
  const link = /https?:\/\/\S+\/reset-password\?token=[^\s>)"]+/.exec(text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in the mail: ${text}`);
  return link;
}

// A mail catcher, and a server that mails it links leading back to the server.
const test = base
  .extend('smtp', { scope: 'file' }, startedPerFile(startSmtpCapture))
  .extend('serverOptions', { scope: 'file' }, ({ smtp }) => ({
    publicUrl: true,
    env: { SMTP_URL: smtp.url },
  }));

// Forgetting a password: the mailed link, a new password, and being signed in with it.
describe('password reset', () => {
  test('resets the password through the link in the e-mail and lands signed in', async ({
    page,
    server,
    smtp,
  }) => {
    const ada = newPerson('Ada Lovelace');
    await page.goto(server.url + '/');
    await signUp(page, ada);
    await logOut(page);

    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    await dialog(page).getByRole('heading', { name: 'Forgot password' }).waitFor();
    await dialog(page).getByLabel('E-mail or username', { exact: true }).fill(ada.username);
    const mail = smtp.next();
    await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
    await dialog(page).getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    const [local] = ada.email.split('@') as [string];
    expect(await dialog(page).textContent()).toContain(
      `${local[0]}***${local[local.length - 1]}@example.com`,
    );
    await dialog(page).getByRole('button', { name: 'Done' }).click();

    const received = await mail;
    expect(JSON.stringify(received.to)).toContain(ada.email);
    await page.goto(resetLink(received.text));
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('12345');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('1234');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await page.getByText('Minimum 6 characters').count()).toBe(2);
    await page.getByLabel('New password', { exact: true }).fill('123456');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('123457');
    await page.getByText('Passwords do not match').waitFor();

    await page.getByLabel('New password', { exact: true }).fill('a-whole-new-secret');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('a-whole-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await notice(page, 'Password changed').waitFor();
    // Home, signed in: the introduction is folded, the greeting says who is back.
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Ada Lovelace' }).waitFor();
    expect(await userMenuText(page)).toContain(`@${ada.username}`);

    await logOut(page);
    await signIn(page, ada.email, 'a-whole-new-secret');
    await signedIn(page, 'Ada Lovelace');
  });

  test('says the link was already used when it is opened again', async ({ page, server, smtp }) => {
    const grace = newPerson('Grace Hopper');
    await page.goto(server.url + '/');
    await signUp(page, grace);
    await logOut(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByRole('button', { name: 'Forgot password?' }).click();
    await dialog(page).getByLabel('E-mail or username', { exact: true }).fill(grace.email);
    const mail = smtp.next();
    await dialog(page).getByRole('button', { name: 'Send reset link' }).click();
    const link = resetLink((await mail).text);
    await dialog(page).getByRole('button', { name: 'Done' }).click();

    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('first-new-secret');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('first-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await notice(page, 'Password changed').waitFor();

    await page.goto(link);
    await page.getByText('This link has already been used.').waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).waitFor();
  });

  test('says "Error verifying token." when the check fails, and tries again', async ({
    page,
    server,
  }) => {
    let failing = true;
    await page.route(`**${AUTH_ROUTES.verifyResetToken}`, async (route) => {
      if (!failing) return route.continue();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: 'Internal Server Error' }),
      });
    });
    await page.goto(server.url + '/reset-password?token=some-token');
    await page.getByText('Error verifying token.').waitFor();
    await page.getByText('The link could not be checked just now.', { exact: false }).waitFor();
    expect(await page.getByLabel('New password', { exact: true }).count()).toBe(0);

    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByText('Invalid password reset link.').waitFor();
    expect(await page.getByText('Error verifying token.').count()).toBe(0);
  });

  test('says the link expired when the server finds it so', async ({ page, server }) => {
    await page.route(`**${AUTH_ROUTES.verifyResetToken}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ state: 'expired' }),
      }),
    );
    await page.goto(server.url + '/reset-password?token=old-token');
    await page.getByText('Link expired. Request a new password reset link.').waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await dialog(page).getByRole('heading', { name: 'Forgot password' }).waitFor();
  });

  test('explains a link without a token and one that is not valid', async ({ page, server }) => {
    await page.goto(server.url + '/reset-password');
    await page.getByText('Missing password reset token.').waitFor();
    await page.goto(server.url + '/reset-password?token=not-a-real-token');
    await page.getByText('Invalid password reset link.').waitFor();
    await page.getByRole('button', { name: 'Request a new link' }).click();
    await dialog(page).getByRole('heading', { name: 'Forgot password' }).waitFor();
  });
});

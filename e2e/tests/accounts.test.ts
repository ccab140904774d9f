import { describe, expect, test } from '../src/fixtures';
import {
  dialog,
  logOut,
  newPerson,
  signIn,
  signUp,
  signedIn,
  userMenuText,
} from './support/people';

// Signing up, out and in again as a person would, and the form rules in both languages.
describe('accounts', () => {
  test('signs up, logs out, then signs in by e-mail and by username', async ({ page, open }) => {
    const ada = newPerson('Ada Lovelace');
    await open('/');
    await signUp(page, ada);
    expect(await userMenuText(page)).toContain(`@${ada.username}`);
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('music-rooms:user'))) ?? '{}'),
    ).toMatchObject({ name: 'Ada Lovelace', superadmin: false });

    await logOut(page);
    await page
      .getByRole('heading', { level: 1, name: 'One playlist. One player. Everyone in sync.' })
      .waitFor();
    expect(await userMenuText(page)).toContain('Guest');
    expect(await page.evaluate(() => localStorage.getItem('music-rooms:user'))).toBeNull();

    await signIn(page, ada.email.toUpperCase(), ada.password);
    await signedIn(page, 'Ada Lovelace');
    expect(await userMenuText(page)).toContain(`@${ada.username}`);

    await logOut(page);
    await signIn(page, ada.username, ada.password);
    await signedIn(page, 'Ada Lovelace');
    await page.reload();
    expect(await userMenuText(page)).toContain(`@${ada.username}`);
  });

  test('says why a sign-in failed, next to the form', async ({ page, open }) => {
    const grace = newPerson('Grace Hopper');
    await open('/');
    await signUp(page, grace);
    await logOut(page);
    await signIn(page, grace.username, 'not-the-password');
    await dialog(page)
      .getByRole('alert')
      .getByText('Login failed. Please check your credentials.')
      .waitFor();
    await page.keyboard.press('Escape');
    expect(await userMenuText(page)).toContain('Guest');
  });

  test('refuses a second account with the same e-mail, next to the e-mail field', async ({
    page,
    open,
  }) => {
    const first = newPerson('Linus');
    await open('/');
    await signUp(page, first);
    await logOut(page);
    await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
    await dialog(page).getByRole('tab', { name: 'Sign up' }).click();
    await dialog(page).getByLabel('Name', { exact: true }).fill('Someone');
    await dialog(page).getByLabel('Username', { exact: true }).fill(`${first.username}_2`);
    await dialog(page).getByLabel('E-mail', { exact: true }).fill(first.email);
    await dialog(page).getByLabel('Password', { exact: true }).fill('another-secret');
    await dialog(page).getByRole('button', { name: 'Create account' }).click();
    const email = dialog(page).getByRole('textbox', { name: 'E-mail' });
    await dialog(page).getByText('An account with this email already exists').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
  });

  test('shows the form rules in English next to each field', async ({ page, open }) => {
    await open('/?showAuth=true');
    await dialog(page).waitFor();
    expect(new URL(page.url()).search).toBe('');
    await dialog(page).getByRole('tab', { name: 'Sign up' }).click();
    await dialog(page).getByLabel('Username', { exact: true }).fill('no spaces');
    await dialog(page).getByLabel('E-mail', { exact: true }).fill('not-an-address');
    await dialog(page).getByLabel('Password', { exact: true }).fill('12345');
    await dialog(page).getByRole('button', { name: 'Create account' }).click();
    const text = await dialog(page).textContent();
    expect(text).toContain('This field is required');
    expect(text).toContain('Only Latin letters, digits and underscore are allowed');
    expect(text).toContain('Invalid email address');
    expect(text).toContain('Minimum 6 characters');

    await dialog(page).getByLabel('Username', { exact: true }).fill('ab');
    await dialog(page).getByText('Minimum 3 characters').waitFor();
    await dialog(page).getByLabel('Name', { exact: true }).fill('A name far longer than twenty');
    await dialog(page).getByText('Maximum 20 characters').waitFor();
  });

  test('shows the form rules in Russian in the Russian interface', async ({ page, open }) => {
    await open('/ru/?showAuth=true');
    await dialog(page).getByRole('tab', { name: 'Регистрация' }).click();
    await dialog(page).getByLabel('Имя пользователя', { exact: true }).fill('ab');
    await dialog(page).getByLabel('E-mail', { exact: true }).fill('адрес');
    await dialog(page).getByRole('button', { name: 'Создать аккаунт' }).click();
    const text = await dialog(page).textContent();
    expect(text).toContain('Это поле обязательно');
    expect(text).toContain('Минимум 3 символа');
    expect(text).toContain('Некорректный адрес e-mail');

    await dialog(page).getByRole('tab', { name: 'Вход' }).click();
    await dialog(page).getByRole('button', { name: 'Войти', exact: true }).click();
    expect(await dialog(page).getByText('Это поле обязательно').count()).toBe(2);
  });

  test('asks a guest to sign in on the members page, then shows it', async ({ page, open }) => {
    const alan = newPerson('Alan Turing');
    await open('/');
    await signUp(page, alan);
    await logOut(page);

    await open('/protected');
    await dialog(page).getByText('Sign in or create an account to do this.').waitFor();
    await dialog(page).getByLabel('E-mail or username', { exact: true }).fill(alan.email);
    await dialog(page).getByLabel('Password', { exact: true }).fill(alan.password);
    await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('You are signed in as Alan Turing.').waitFor();
  });
});

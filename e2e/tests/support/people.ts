import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';

/** A person who will sign up: every test gets its own, so journeys never share an account. */
export type Person = { name: string; username: string; email: string; password: string };

export function newPerson(name = 'Ada Lovelace', overrides: Partial<Person> = {}): Person {
  const id = randomBytes(4).toString('hex');
  return {
    name,
    username: `user_${id}`,
    email: `person.${id}@example.com`,
    password: `pw-${id}-secret`,
    ...overrides,
  };
}

/** The dialog on screen (the page behind it is hidden from assistive technology). */
export const dialog = (page: Page) => page.getByRole('dialog');

/**
 * A notice (toast) with this text, in the notifications area. Found by its label rather than
 * its role: while a dialog is open, the page around it (notices included) is hidden from the
 * accessibility tree, and new notices are announced through their own live region instead.
 */
export const notice = (page: Page, text: string) =>
  page.locator('[role="region"][aria-label^="Notifications"]').getByText(text);

/** Signs up through the header's "Sign in" button and the dialog's "Sign up" tab. */
export async function signUp(page: Page, person: Person): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByRole('tab', { name: 'Sign up' }).click();
  await dialog(page).getByLabel('Name', { exact: true }).fill(person.name);
  await dialog(page).getByLabel('Username', { exact: true }).fill(person.username);
  await dialog(page).getByLabel('E-mail', { exact: true }).fill(person.email);
  await dialog(page).getByLabel('Password', { exact: true }).fill(person.password);
  await dialog(page).getByRole('button', { name: 'Create account' }).click();
  await dialog(page).waitFor({ state: 'detached' });
  await notice(page, `Welcome to Music Rooms, ${person.name}!`).waitFor();
}

/**
 * Signs in through the header's "Sign in" button with an e-mail or a username. It does not
 * wait: the sign-in may be meant to fail (see signedIn).
 */
export async function signIn(page: Page, emailOrUsername: string, password: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).click();
  await dialog(page).getByLabel('E-mail or username', { exact: true }).fill(emailOrUsername);
  await dialog(page).getByLabel('Password', { exact: true }).fill(password);
  await dialog(page).getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Waits for a sign-in to go through: the dialog closes and the header greets the person. */
export async function signedIn(page: Page, name: string) {
  await dialog(page).waitFor({ state: 'detached' });
  await notice(page, `Welcome back, ${name}!`).waitFor();
}

export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: 'Open the user menu' }).click();
}

/** Logs out from the user menu. */
export async function logOut(page: Page) {
  await openUserMenu(page);
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
  await notice(page, 'You have logged out').waitFor();
}

/** What the user menu says about who is here (name and @username, or "Guest"). */
export async function userMenuText(page: Page): Promise<string> {
  await openUserMenu(page);
  const text = (await page.getByRole('menu').textContent()) ?? '';
  await page.keyboard.press('Escape');
  return text;
}

import { describe, expect, it } from 'vitest';
import { loginSchema, newPasswordSchema, registerSchema } from '@music-rooms/domain/schemas/auth';
import en from '../../i18n/locales/en.json';
import { errorOfBody } from '../../lib/api/error-body';
import { FunctionCallError } from '../../lib/api/function-call-error';
import { fieldOf, serverMessage } from './server-message';
import { fieldErrors, issueMessage } from './validation-message';
import { queryMessage, safeReturnTo } from '../../features/auth/query-messages';

/** Whether a key is in the English messages (with or without plural forms). */
function known(key: string): boolean {
  let node: unknown = en;
  const parts = key.split('.');
  const last = parts.pop() ?? '';
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const leaf = node as Record<string, unknown> | undefined;
  return typeof leaf?.[last] === 'string' || typeof leaf?.[`${last}_other`] === 'string';
}

describe('form rule messages', () => {
  it('names the count for too short and too long values', () => {
    const result = registerSchema.safeParse({
      name: 'a name that is far too long',
      username: 'ab',
      email: 'ada@example.com',
      password: '12345',
    });
    expect(fieldErrors(result.error?.issues ?? [])).toEqual({
      name: { key: 'validation.maxLength', values: { count: 20 } },
      username: { key: 'validation.minLength', values: { count: 3 } },
      password: { key: 'validation.minLength', values: { count: 6 } },
    });
  });

  it('gives each field its first message only: an empty field is required, nothing more', () => {
    const result = loginSchema.safeParse({ emailOrUsername: '   ', password: '' });
    expect(fieldErrors(result.error?.issues ?? [])).toEqual({
      emailOrUsername: { key: 'validation.required' },
      password: { key: 'validation.required' },
    });
  });

  it('says when the new password and its confirmation differ', () => {
    const result = newPasswordSchema.safeParse({
      newPassword: '123456',
      confirmPassword: '1234567',
    });
    expect(fieldErrors(result.error?.issues ?? [])).toEqual({
      confirmPassword: { key: 'validation.passwordsDoNotMatch' },
    });
  });

  it('gives the range of a profile length rule, whichever end was crossed', () => {
    const issue = {
      code: 'too_big',
      message: 'validation.displayNameLength',
      path: ['name'],
      maximum: 20,
    };
    expect(issueMessage(issue)).toEqual({
      key: 'validation.displayNameLength',
      values: { min: 1, max: 20 },
    });
  });

  it('falls back to "Invalid format" for a rule without a message key', () => {
    expect(issueMessage({ code: 'custom', message: 'Invalid input', path: ['x'] })).toEqual({
      key: 'validation.invalidFormat',
    });
  });

  it('has every message the rules can give, in English', () => {
    for (const key of [
      'required',
      'minLength',
      'maxLength',
      'invalidEmail',
      'usernameFormat',
      'displayNameLength',
      'usernameLength',
      'passwordsDoNotMatch',
      'noChanges',
      'invalidFormat',
    ]) {
      expect(known(`validation.${key}`), key).toBe(true);
    }
    expect(en.validation.required).toBe('This field is required');
    expect(en.validation.minLength_other).toBe('Minimum {{count}} characters');
    expect(en.validation.maxLength_other).toBe('Maximum {{count}} characters');
    expect(en.validation.invalidFormat).toBe('Invalid format');
  });
});

/** A refusal as an account route answers it: the app's one error body. */
function refused(statusCode: number, key: string, data: Record<string, unknown> = {}) {
  const body = { ...data, statusCode, error: 'Bad Request', code: 'c', key, message: 'English' };
  return errorOfBody(statusCode, 'Bad Request', { ...body, statusMessage: key });
}

describe('server messages (spec §8)', () => {
  it('translates an auth.errors key', () => {
    const error = refused(409, 'auth.errors.usernameTaken', { field: 'username' });
    expect(serverMessage(error, 'auth.registerError', known)).toEqual({
      key: 'auth.errors.usernameTaken',
    });
  });

  it('takes the field a refusal concerns from its body', () => {
    expect(fieldOf(refused(409, 'auth.errors.emailExists', { field: 'email' }))).toBe('email');
    expect(fieldOf(refused(401, 'auth.errors.loginFailed'))).toBeUndefined();
    expect(fieldOf(new TypeError('Failed to fetch'))).toBeUndefined();
  });

  it('shows any other text as it came', () => {
    const error = refused(400, 'Something specific went wrong');
    expect(serverMessage(error, 'auth.loginError', known)).toEqual({
      text: 'Something specific went wrong',
    });
  });

  it('uses the fallback key for no message, an unknown key, a fault or a network failure', () => {
    expect(serverMessage(refused(400, ''), 'auth.loginError', known)).toEqual({
      key: 'auth.loginError',
    });
    expect(serverMessage(refused(400, 'auth.errors.brandNew'), 'auth.loginError', known)).toEqual({
      key: 'auth.loginError',
    });
    const fault = errorOfBody(500, 'Internal Server Error', {
      statusCode: 500,
      error: 'Internal Server Error',
      code: 'internal',
      key: 'errors.internal',
      message: 'Internal Server Error',
      statusMessage: 'errors.internal',
    });
    expect(serverMessage(fault, 'auth.loginError', known)).toEqual({ key: 'auth.loginError' });
    expect(
      serverMessage(new TypeError('Failed to fetch'), 'user.profileUpdateError', known),
    ).toEqual({ key: 'user.profileUpdateError' });
  });

  it("shows our own key from a failed call's 5xx, and nothing else a 5xx says", () => {
    const failed = refused(500, 'auth.errors.registrationFailed');
    expect(serverMessage(failed, 'auth.registerError', known)).toEqual({
      key: 'auth.errors.registrationFailed',
    });
    const proxyPage = errorOfBody(502, 'Bad Gateway', null);
    expect(serverMessage(proxyPage, 'auth.registerError', known)).toEqual({
      key: 'auth.registerError',
    });
  });

  it('reads too many attempts from the status, whatever the answer', () => {
    const error = errorOfBody(429, 'Too Many Requests', { message: 'Rate limit exceeded' });
    expect(serverMessage(error, 'auth.loginError', known)).toEqual({
      key: 'auth.errors.tooManyRequests',
    });
  });

  it('names the values a message takes from the data, never the field', () => {
    const wait = refused(429, 'auth.errors.tooManyRequests', { retryAfterMs: 500 });
    expect(serverMessage(wait, 'x', known)).toEqual({ key: 'auth.errors.tooManyRequests' });
    const taken = refused(409, 'rooms.errors.urlTaken', { field: 'room_url', count: 2 });
    expect(serverMessage(taken, 'x', known)).toEqual({
      key: 'rooms.errors.urlTaken',
      values: { count: 2 },
    });
  });

  it('translates a function error key, but not the messages of the platform itself', () => {
    const taken = new FunctionCallError(
      'username_taken',
      'This username is already taken',
      { code: 'username_taken', key: 'auth.errors.usernameTaken' },
      560,
    );
    expect(serverMessage(taken, 'user.profileUpdateError', known)).toEqual({
      key: 'auth.errors.usernameTaken',
    });
    const badArgs = new FunctionCallError(
      'invalid_args',
      'Invalid arguments: id: Required',
      { code: 'invalid_args', key: 'validation.required', field: 'id' },
      560,
    );
    expect(serverMessage(badArgs, 'user.profileUpdateError', known)).toEqual({
      key: 'user.profileUpdateError',
    });
  });
});

describe('messages in the address', () => {
  it('maps a failed Google sign-in to its own message', () => {
    expect(queryMessage('google_oauth_failed', 'auth.errors.oauthAuthFailed', known)).toEqual({
      key: 'auth.googleError',
    });
  });

  it('shows only keys the app knows: any other text becomes the fallback', () => {
    expect(queryMessage('auth.errors.oauthAlreadyLinked', 'x', known)).toEqual({
      key: 'auth.errors.oauthAlreadyLinked',
    });
    expect(
      queryMessage('Call 555-0100 to restore your account', 'auth.errors.oauthAuthFailed', known),
    ).toEqual({ key: 'auth.errors.oauthAuthFailed' });
  });

  it('returns only to paths of this site', () => {
    expect(safeReturnTo('/settings?tab=1')).toBe('/settings?tab=1');
    expect(safeReturnTo('//evil.example/path')).toBe('/');
    expect(safeReturnTo('/\\evil.example')).toBe('/');
    expect(safeReturnTo('https://evil.example')).toBe('/');
    expect(safeReturnTo(null)).toBe('/');
  });
});

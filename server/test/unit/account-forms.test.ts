import { describe, expect, it } from 'vitest';
import { AUTH_ERRORS, DomainError, loginSchema, registerSchema } from '@music-rooms/domain';
import { httpStatusOf } from '../../src/errors';
import { parseForm } from '../../src/services/accounts/errors';
import { mailLanguage, passwordResetMail } from '../../src/services/accounts/mail-templates';

const failure = (work: () => unknown): DomainError => {
  try {
    work();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected an DomainError');
};

describe('form errors of the account routes', () => {
  const form = { name: 'Ann', username: 'ann_1', email: 'ann@example.com', password: 'secret' };

  it('prefers allFieldsRequired when a field is missing or blank, whatever else is wrong', () => {
    const missing = failure(() => parseForm(registerSchema, { ...form, email: 'bad', name: ' ' }));
    expect([httpStatusOf(missing), missing.key]).toEqual([400, AUTH_ERRORS.allFieldsRequired]);
    expect(failure(() => parseForm(loginSchema, null)).key).toBe(AUTH_ERRORS.allFieldsRequired);
  });

  it('then invalidEmail, then invalidInput with the broken rule as the code', () => {
    expect(failure(() => parseForm(registerSchema, { ...form, email: 'bad' })).key).toBe(
      AUTH_ERRORS.invalidEmail,
    );
    const format = failure(() => parseForm(registerSchema, { ...form, username: 'a b c' }));
    expect([format.key, format.code]).toEqual([
      AUTH_ERRORS.invalidInput,
      'validation.usernameFormat',
    ]);
  });

  it('gives back the parsed, trimmed values of a good form', () => {
    expect(parseForm(registerSchema, { ...form, name: ' Ann ' })).toEqual(form);
  });
});

describe('reset mail', () => {
  it('goes out in the first language asked for that the app speaks, else English', () => {
    expect(mailLanguage('ru')).toBe('ru');
    expect(mailLanguage(undefined, 'ru-RU,ru;q=0.9')).toBe('ru');
    expect(mailLanguage('de', 'fr')).toBe('en');
    expect(mailLanguage('EN', 'ru')).toBe('en');
  });

  it('carries the link in the text and the HTML, with the name escaped in HTML', () => {
    const mail = passwordResetMail('en', '<Ann>', 'https://x.example/reset-password?token=a&b');
    expect(mail.text).toContain('https://x.example/reset-password?token=a&b');
    expect(mail.html).toContain('href="https://x.example/reset-password?token=a&amp;b"');
    expect(mail.html).toContain('&lt;Ann&gt;');
    expect(mail.html).not.toContain('<Ann>');
  });
});

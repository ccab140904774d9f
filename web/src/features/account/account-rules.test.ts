import { describe, expect, it } from 'vitest';
import { maskEmail } from '@music-rooms/domain/auth';
import { canUnlink, listedProviders } from './account-rules';
import { profileChanges, profileFormSchema } from './profile-form';

describe('the e-mail in the account dialog', () => {
  it('shows the first and last character before the @ and hides the rest', () => {
    expect(maskEmail('john@example.com')).toBe('j***n@example.com');
    expect(maskEmail('ada.lovelace@math.org')).toBe('a***e@math.org');
  });

  it('never shows a short name whole', () => {
    expect(maskEmail('jo@example.com')).toBe('j***@example.com');
    expect(maskEmail('j@example.com')).toBe('j***@example.com');
  });
});

describe('unlinking a provider (spec §5)', () => {
  it('is allowed while a password is set', () => {
    expect(canUnlink({ hasPassword: true, providers: ['github'] }, 'github')).toBe(true);
  });

  it('is allowed while another provider stays linked', () => {
    expect(canUnlink({ hasPassword: false, providers: ['github', 'google'] }, 'github')).toBe(true);
  });

  it('is refused for the last way to sign in', () => {
    expect(canUnlink({ hasPassword: false, providers: ['github'] }, 'github')).toBe(false);
  });

  it('is refused for a provider that is not linked', () => {
    expect(canUnlink({ hasPassword: true, providers: [] }, 'spotify')).toBe(false);
  });

  it('lists the providers set up on the server and any linked one, in a fixed order', () => {
    expect(listedProviders(['spotify', 'google'], [])).toEqual(['google', 'spotify']);
    expect(listedProviders(['google'], ['github'])).toEqual(['google', 'github']);
  });
});

describe('profile changes (spec §5 Profile edit)', () => {
  const saved = { name: 'Ada', username: 'ada', email: 'ada@example.com' };

  it('sends only the fields that changed, trimmed', () => {
    expect(profileChanges(saved, { ...saved, name: '  Ada King ' })).toEqual({ name: 'Ada King' });
    expect(
      profileChanges(saved, { name: 'Ada ', username: ' ada', email: 'ada@example.com' }),
    ).toEqual({});
  });

  it('takes an e-mail that differs only in letter case as unchanged', () => {
    expect(profileChanges(saved, { ...saved, email: 'ADA@Example.com' })).toEqual({});
  });

  const form = { ...saved, currentPassword: '' };

  it('asks for at least one changed field', () => {
    const result = profileFormSchema(saved, true).safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.noChanges']);
  });

  it('checks the changed fields against the profile rules', () => {
    const result = profileFormSchema(saved, true).safeParse({
      ...form,
      username: 'has space',
      name: '',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'validation.displayNameLength'],
      ['username', 'validation.usernameFormat'],
    ]);
  });

  it('answers what will be sent when the changes pass', () => {
    const result = profileFormSchema(saved, true).safeParse({ ...form, username: ' ada_k ' });
    expect(result.data).toEqual({ username: 'ada_k' });
  });

  it('asks for the current password when the e-mail changes on an account with one', () => {
    const edited = { ...form, email: 'new@example.com' };
    const missing = profileFormSchema(saved, true).safeParse(edited);
    expect(missing.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['currentPassword', 'validation.required'],
    ]);
    const given = profileFormSchema(saved, true).safeParse({ ...edited, currentPassword: 'pw' });
    expect(given.data).toEqual({ email: 'new@example.com', currentPassword: 'pw' });
    const withoutPassword = profileFormSchema(saved, false).safeParse(edited);
    expect(withoutPassword.data).toEqual({ email: 'new@example.com' });
  });
});

import { describe, expect, it } from 'vitest';
import { maskEmail } from '@music-rooms/domain/auth';
import { canUnlink, listedProviders } from '../src/features/account/account-rules';
import { profileChanges } from '../src/features/account/profile-changes';
import { profileFormSchema } from '../src/features/account/profile-schema';

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

  it('asks for at least one changed field', () => {
    const result = profileFormSchema(saved).safeParse(saved);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['validation.noChanges']);
  });

  it('checks the changed fields against the profile rules', () => {
    const result = profileFormSchema(saved).safeParse({
      ...saved,
      username: 'has space',
      name: '',
    });
    expect(result.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'validation.displayNameLength'],
      ['username', 'validation.usernameFormat'],
    ]);
  });

  it('answers what will be sent when the changes pass', () => {
    const result = profileFormSchema(saved).safeParse({ ...saved, username: ' ada_k ' });
    expect(result.data).toEqual({ username: 'ada_k' });
  });
});

import { describe, expect, it } from 'vitest';
import { maskEmail } from '../src/auth';

describe('maskEmail', () => {
  it('shows the first and last character before the @ and the whole domain', () => {
    expect(maskEmail('johnny@example.com')).toBe('j***y@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
  });

  it('hides how long the name is', () => {
    expect(maskEmail('abc@x.org')).toBe(maskEmail('abbbbbbbc@x.org'));
  });

  it('leaves something that is not an e-mail as it is', () => {
    expect(maskEmail('username')).toBe('username');
  });
});

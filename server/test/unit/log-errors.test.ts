import { describe, expect, it } from 'vitest';
import { DomainError } from '@music-rooms/domain';
import { safeErrorText, serializeError } from '../../src/log-errors';

describe('errors as the log writes them', () => {
  it('keeps an ordinary error: its type, message, code and stack frames', () => {
    const error = Object.assign(new TypeError('bad thing'), { code: 'E_BAD', statusCode: 502 });
    const logged = serializeError(error);
    expect(logged).toMatchObject({
      type: 'TypeError',
      message: 'bad thing',
      code: 'E_BAD',
      statusCode: 502,
    });
    expect(logged.stack).toMatch(/^TypeError: bad thing\n\s+at /);
  });

  it('keeps a domain error key and code', () => {
    expect(serializeError(new DomainError('conflict', 'auth.errors.emailExists'))).toMatchObject({
      type: 'DomainError',
      code: 'conflict',
      key: 'auth.errors.emailExists',
    });
  });

  it('drops fields named like secrets or holding a query, and hashes anywhere in a text', () => {
    const error = Object.assign(new Error('saw $argon2id$v=19$m=1,t=1,p=1$abc$def here'), {
      passwordHash: 'x',
      accessToken: 'y',
      apiKey: 'z',
      params: ['p'],
      query: 'select 1',
      detail: 'Key (email)=(a@b.io) already exists.',
      table: 'users',
    });
    const logged = serializeError(error);
    expect(logged.message).toBe('saw [redacted] here');
    expect(logged).toMatchObject({ table: 'users' });
    for (const field of ['passwordHash', 'accessToken', 'apiKey', 'params', 'query', 'detail']) {
      expect(logged).not.toHaveProperty(field);
    }
  });

  it('replaces a failed query message with the database reason from its cause', () => {
    const cause = Object.assign(new Error('value "secret-1" is not "users_pkey"'), {
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_pkey',
    });
    const wrapped = Object.assign(
      new Error('Failed query: insert into t values ($1)\nparams: secret-1'),
      {
        cause,
      },
    );
    const logged = serializeError(wrapped);
    expect(JSON.stringify(logged)).not.toContain('secret-1');
    expect(logged).toMatchObject({
      code: '23505',
      constraint: 'users_pkey',
      message: 'Failed query: value "[redacted]" is not "users_pkey"',
    });
    expect(safeErrorText(wrapped)).toBe(
      'Error: Failed query: value "[redacted]" is not "users_pkey"',
    );
  });

  it('writes a thrown value that is no error as text', () => {
    expect(serializeError('plain')).toEqual({ type: 'string', message: 'plain', stack: '' });
  });
});

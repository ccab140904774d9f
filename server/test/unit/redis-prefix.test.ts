import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config';

describe('REDIS_PREFIX', () => {
  it("defaults to 'music-rooms'", () => {
    expect(loadConfig({}).redisPrefix).toBe('music-rooms');
  });

  it('takes a prefix of letters, digits and :_.-', () => {
    expect(loadConfig({ REDIS_PREFIX: 'staging:rooms_2' }).redisPrefix).toBe('staging:rooms_2');
  });

  it('refuses spaces and other characters, naming the variable', () => {
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_PREFIX: 'a b' })).toThrow(/REDIS_PREFIX/);
  });
});

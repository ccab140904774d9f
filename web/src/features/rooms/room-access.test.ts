import { describe, expect, it } from 'vitest';
import { ROOM_ACCESS_STORAGE } from '@music-rooms/domain/rooms';
import { safeStorage } from '../../lib/storage';
import { forgetAccessPass, readAccessPass, storeAccessPass, tabSessionId } from './room-access';

/** A tab's sessionStorage: a real Storage-shaped map, one per test. */
function tabStorage() {
  const items = new Map<string, string>();
  const storage = {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  } as Storage;
  return { items, storage: safeStorage(() => storage) };
}

describe('the password gate memory of a tab', () => {
  it('makes the tab session id once and keeps it', () => {
    const { items, storage } = tabStorage();
    const first = tabSessionId(storage);
    expect(first).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(tabSessionId(storage)).toBe(first);
    expect(items.get(ROOM_ACCESS_STORAGE.sessionId)).toBe(first);
  });

  it('gives each tab its own session id', () => {
    expect(tabSessionId(tabStorage().storage)).not.toBe(tabSessionId(tabStorage().storage));
  });

  it('has no pass for a room before the password was given', () => {
    const { storage } = tabStorage();
    expect(readAccessPass('jazz', storage)).toEqual({});
  });

  it('stores the token with its flag and hands it back with the tab session id', () => {
    const { items, storage } = tabStorage();
    const pass = storeAccessPass('jazz', 'token-1', storage);
    expect(pass).toEqual({ accessToken: 'token-1', session_id: tabSessionId(storage) });
    expect(items.get(ROOM_ACCESS_STORAGE.token('jazz'))).toBe('token-1');
    expect(items.get(ROOM_ACCESS_STORAGE.flag('jazz'))).toBe('true');
    expect(readAccessPass('jazz', storage)).toEqual(pass);
  });

  it('keeps the passes of different rooms apart', () => {
    const { storage } = tabStorage();
    storeAccessPass('jazz', 'token-jazz', storage);
    expect(readAccessPass('blues', storage)).toEqual({});
    expect(readAccessPass('jazz', storage).accessToken).toBe('token-jazz');
  });

  it('does not take a token without its flag for a pass', () => {
    const { items, storage } = tabStorage();
    items.set(ROOM_ACCESS_STORAGE.token('jazz'), 'orphan');
    expect(readAccessPass('jazz', storage)).toEqual({});
  });

  it('forgets the token and the flag of one room (an expired pass), not the others', () => {
    const { items, storage } = tabStorage();
    storeAccessPass('jazz', 'token-jazz', storage);
    storeAccessPass('blues', 'token-blues', storage);
    forgetAccessPass('jazz', storage);
    expect(items.has(ROOM_ACCESS_STORAGE.token('jazz'))).toBe(false);
    expect(items.has(ROOM_ACCESS_STORAGE.flag('jazz'))).toBe(false);
    expect(readAccessPass('jazz', storage)).toEqual({});
    expect(readAccessPass('blues', storage).accessToken).toBe('token-blues');
  });

  it('works without storage at all (switched off): nothing is remembered, nothing throws', () => {
    const broken = safeStorage(() => {
      throw new Error('storage is disabled');
    });
    expect(() => storeAccessPass('jazz', 'token', broken)).not.toThrow();
    expect(readAccessPass('jazz', broken)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { clearStorage } from './cache-clear';

describe('clearing the cache', () => {
  function fakeStorage(entries: Record<string, string>) {
    const data = new Map(Object.entries(entries));
    return {
      data,
      get length() {
        return data.size;
      },
      key: (index: number) => [...data.keys()][index] ?? null,
      removeItem: (key: string) => void data.delete(key),
      clear: () => data.clear(),
    };
  }

  it('removes everything but the kept keys', () => {
    const storage = fakeStorage({ a: '1', 'music-rooms:color-mode': 'dark', b: '2' });
    clearStorage(storage, ['music-rooms:color-mode']);
    expect([...storage.data.keys()]).toEqual(['music-rooms:color-mode']);
  });

  it('empties a storage with nothing to keep', () => {
    const storage = fakeStorage({ a: '1' });
    clearStorage(storage);
    expect(storage.data.size).toBe(0);
  });
});

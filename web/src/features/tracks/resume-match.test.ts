import { describe, expect, it } from 'vitest';
import { matchFiles, type StoredUpload } from './resume-match';

const item = (key: string, fileName: string, size: number, lastModified = 1000): StoredUpload => ({
  key,
  fileName,
  size,
  lastModified,
  uploadUrl: `/api/uploads/${key}`,
});
const file = (name: string, size: number, lastModified = 1000) => ({ name, size, lastModified });

describe('matching files chosen again to an unfinished batch', () => {
  it('pairs each item with the file of the same name, size and date; the rest are missing or new', () => {
    const items = [
      item('a', 'one.mp3', 100),
      item('b', 'two.mp3', 200),
      item('c', 'three.mp3', 300),
    ];
    const chosen = [file('three.mp3', 300), file('one.mp3', 100), file('new.mp3', 50)];
    const match = matchFiles(items, chosen);
    expect(match.matched.map(({ item: it, file: f }) => [it.key, f.name])).toEqual([
      ['a', 'one.mp3'],
      ['c', 'three.mp3'],
    ]);
    expect(match.missing.map((it) => it.key)).toEqual(['b']);
    expect(match.extra.map((f) => f.name)).toEqual(['new.mp3']);
  });

  it('accepts a copy with another date, but never a file of another size', () => {
    const items = [item('a', 'song.wav', 1000, 5), item('b', 'other.wav', 10)];
    const match = matchFiles(items, [file('song.wav', 1000, 999), file('other.wav', 11)]);
    expect(match.matched.map(({ item: it }) => it.key)).toEqual(['a']);
    expect(match.missing.map((it) => it.key)).toEqual(['b']);
    expect(match.extra.map((f) => f.size)).toEqual([11]);
  });

  it('gives two items of the same name their own files, exact dates first', () => {
    const items = [item('old', 'take.wav', 10, 1), item('new', 'take.wav', 10, 2)];
    const match = matchFiles(items, [file('take.wav', 10, 2), file('take.wav', 10, 1)]);
    expect(match.matched.map(({ item: it, file: f }) => [it.key, f.lastModified])).toEqual([
      ['old', 1],
      ['new', 2],
    ]);
    expect(match.missing).toEqual([]);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStoredFiles } from '../../src/services/tracks/stored-files';
import type { Storage } from '../../src/storage';
import { localStorage } from '../../src/storage/local';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** Local storage in a new folder, watched: how many removals are in flight at most. */
function watchedStorage() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-stored-files-'));
  dirs.push(dir);
  const storage = localStorage(dir);
  const seen = { inFlight: 0, most: 0 };
  const watched: Storage = {
    ...storage,
    remove: async (key) => {
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      try {
        await storage.remove(key);
      } finally {
        seen.inFlight -= 1;
      }
    },
  };
  return { storage: watched, seen };
}

/** A logger whose lines are kept. */
function keptLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { log: pino({ level: 'warn' }, sink), lines };
}

describe('removing the stored files of removed tracks', () => {
  it('deletes every file, a few at a time', async () => {
    const { storage, seen } = watchedStorage();
    const rows = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await storage.putBuffer(`audio/${i}`, Buffer.from('a'), 'audio/flac');
        await storage.putBuffer(`covers/${i}`, Buffer.from('c'), 'image/jpeg');
        return { audioKey: `audio/${i}`, coverKey: `covers/${i}`, embeddedCoverKey: null };
      }),
    );
    await removeStoredFiles({ storage, log: keptLog().log }, rows);
    const left = await Promise.all(
      rows
        .flatMap((row) => [row.audioKey, row.coverKey])
        .map(async (key) => (await storage.stat(key)) !== null),
    );
    expect(left.some(Boolean)).toBe(false);
    expect(seen.most).toBeGreaterThan(1);
    expect(seen.most).toBeLessThanOrEqual(8);
  });

  it('logs a file it cannot delete and deletes the others', async () => {
    const { storage } = watchedStorage();
    await storage.putBuffer('audio/kept', Buffer.from('a'), 'audio/flac');
    const failing: Storage = {
      ...storage,
      remove: (key) =>
        key === 'audio/stuck' ? Promise.reject(new Error('disk said no')) : storage.remove(key),
    };
    const { log, lines } = keptLog();
    const rows = [
      { audioKey: 'audio/stuck', coverKey: null, embeddedCoverKey: null },
      { audioKey: 'audio/kept', coverKey: null, embeddedCoverKey: null },
    ];
    await removeStoredFiles({ storage: failing, log }, rows);
    expect(await storage.stat('audio/kept')).toBeNull();
    expect(lines.join('')).toContain('audio/stuck');
  });
});

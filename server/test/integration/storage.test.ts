import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../src/storage/local';
import { s3Storage } from '../../src/storage/s3';
import type { Storage } from '../../src/storage';
import { startS3Server, type S3Server } from '../helpers/s3-server';

let s3: S3Server;
let root: string;
let scratch: string;

beforeAll(async () => {
  s3 = await startS3Server();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-local-'));
  scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-scratch-'));
});

afterAll(async () => {
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
  await fs.rm(scratch, { recursive: true, force: true });
});

const stores: [string, () => Storage][] = [
  ['local', () => localStorage(root)],
  ['s3', () => s3Storage(s3.settings)],
];

// The storage contract: what every service may count on, whichever store the settings name.
// Each store runs the very same tests, so local and S3 cannot drift apart.
describe.each(stores)('the %s storage contract', (kind, make) => {
  it('names its kind', () => {
    expect(make().kind).toBe(kind);
  });

  it('stores a file and reads it back whole and by byte range', async () => {
    const store = make();
    const source = path.join(scratch, 'source.bin');
    await fs.writeFile(source, '0123456789abcdef');
    const stored = await store.putFile('audio/track-1', source, 'audio/mpeg');
    expect(stored.size).toBe(16);
    expect(await text(await store.read('audio/track-1'))).toBe('0123456789abcdef');
    expect(await text(await store.read('audio/track-1', { start: 3, end: 6 }))).toBe('3456');
    expect(await text(await store.read('audio/track-1', { start: 15, end: 15 }))).toBe('f');
    expect((await store.stat('audio/track-1'))?.etag).toBe(stored.etag);
  });

  it('describes an object: its size, a quoted strong validator and when it was written', async () => {
    const store = make();
    const before = Date.now();
    const stored = await store.putBuffer(
      'playback/track-5-v1.flac',
      Buffer.alloc(300),
      'audio/flac',
    );
    const stat = await store.stat('playback/track-5-v1.flac');
    expect(stat).toEqual(stored);
    expect(stored.size).toBe(300);
    expect(stored.etag).toMatch(/^"[^"]+"$/);
    // Servers keep whole seconds.
    expect(stored.lastModified.getTime()).toBeGreaterThan(before - 2_000);
    expect(stored.lastModified.getTime()).toBeLessThan(Date.now() + 2_000);
  });

  it('changes the validator when the bytes change, and forgets removed objects', async () => {
    const store = make();
    const first = await store.putBuffer('covers/track-2.webp', Buffer.from('one'), 'image/webp');
    const second = await store.putBuffer('covers/track-2.webp', Buffer.from('two!'), 'image/webp');
    expect(second.etag).not.toBe(first.etag);
    expect(second.size).toBe(4);
    await store.remove('covers/track-2.webp');
    expect(await store.stat('covers/track-2.webp')).toBeNull();
    await expect(store.remove('covers/track-2.webp')).resolves.toBeUndefined();
  });

  it('knows nothing of a key never stored, and refuses to read it', async () => {
    const store = make();
    expect(await store.stat('audio/never-stored')).toBeNull();
    await expect(store.read('audio/never-stored').then(text)).rejects.toThrow();
  });

  it('copies an object to a local file for processing', async () => {
    const store = make();
    await store.putBuffer('audio/track-3', Buffer.from('pcm bytes'), 'audio/wav');
    const target = path.join(scratch, `copy-${kind}.bin`);
    await store.download('audio/track-3', target);
    expect(await fs.readFile(target, 'utf8')).toBe('pcm bytes');
  });

  it('passes its write check', async () => {
    await expect(make().check()).resolves.toBeUndefined();
  });

  it('hands out direct addresses, when it has them, that serve what read serves', async () => {
    const store = make();
    await store.putBuffer('audio/track-4', Buffer.from('presigned audio'), 'audio/ogg');
    if (!store.presignedUrl) return expect(kind).toBe('local');
    const url = await store.presignedUrl('audio/track-4', 60);
    const whole = await fetch(url);
    expect(await whole.text()).toBe(await text(await store.read('audio/track-4')));
    const part = await fetch(url, { headers: { Range: 'bytes=10-14' } });
    expect(part.status).toBe(206);
    expect(await part.text()).toBe(
      await text(await store.read('audio/track-4', { start: 10, end: 14 })),
    );
  });
});

describe.each(stores)('listing the %s storage', (_kind, make) => {
  it('lists the objects under a prefix in key order, a page at a time, with their sizes', async () => {
    const store = make();
    for (const name of ['c', 'a', 'b', 'd']) {
      await store.putBuffer(
        `listing/${name}.bin`,
        Buffer.from(name.repeat(3)),
        'application/octet-stream',
      );
    }
    await store.putBuffer('other/x.bin', Buffer.from('x'), 'application/octet-stream');
    const first = await store.list('listing/', { after: null, limit: 3 });
    expect(first.objects.map((object) => object.key)).toEqual([
      'listing/a.bin',
      'listing/b.bin',
      'listing/c.bin',
    ]);
    expect(first.objects[0]).toMatchObject({ size: 3, etag: expect.stringMatching(/^".+"$/) });
    expect(first.next).not.toBeNull();
    const rest = await store.list('listing/', { after: first.next, limit: 3 });
    expect(rest.objects.map((object) => object.key)).toEqual(['listing/d.bin']);
    expect(rest.next).toBeNull();
    await store.remove('listing/b.bin');
    const after = await store.list('listing/', { after: null, limit: 10 });
    expect(after.objects.map((object) => object.key)).not.toContain('listing/b.bin');
  });
});

describe('local storage keys', () => {
  it('refuses keys that would leave its folder', async () => {
    const store = localStorage(root);
    for (const key of ['../escape', 'audio/../../etc/passwd', '/abs/path', 'audio/a b']) {
      await expect(store.putBuffer(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(
        /Invalid storage key/,
      );
    }
  });
});

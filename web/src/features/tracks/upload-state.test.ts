import { describe, expect, it } from 'vitest';
import type { UploadView } from '@music-rooms/domain/tracks';
import { readBatch, writeBatch } from './batch-storage';
import type { UploadItem } from './upload-queue';
import { isSettled, uploadDisplay } from './upload-state';
import type { SafeStorage } from '../../lib/storage';
import { asRoomId } from '@music-rooms/domain/ids';

const item = (changes: Partial<UploadItem>): UploadItem => ({
  key: 'k',
  fileName: 'song.mp3',
  size: 10,
  lastModified: 1,
  uploadUrl: '/api/uploads/u1',
  file: null,
  phase: 'sent',
  sent: 10,
  bytesPerSecond: 0,
  error: null,
  uploadId: 'u1',
  playlistId: null,
  resumed: false,
  ...changes,
});
const view = (changes: Partial<UploadView>) => ({ uploadId: 'u1', ...changes }) as UploadView;

function memoryStorage(): SafeStorage {
  const values = new Map<string, string>();
  return {
    get: (key) => values.get(key) ?? null,
    set: (key, value) => Boolean(values.set(key, value)),
    remove: (key) => void values.delete(key),
  };
}

describe('what an upload shows', () => {
  it('follows this tab while sending, then the server', () => {
    expect(uploadDisplay(item({ phase: 'queued' }), undefined)).toEqual({ kind: 'waiting' });
    expect(uploadDisplay(item({ phase: 'uploading' }), undefined)).toEqual({ kind: 'uploading' });
    expect(uploadDisplay(item({ phase: 'missing' }), undefined)).toEqual({ kind: 'missing' });
    expect(uploadDisplay(item({}), undefined)).toEqual({ kind: 'processing' });
    expect(uploadDisplay(item({}), view({ status: 'duplicate' }))).toEqual({ kind: 'duplicate' });
    expect(uploadDisplay(item({}), view({ status: 'ready' }))).toEqual({ kind: 'ready' });
    expect(uploadDisplay(item({}), view({ status: 'cancelled' }))).toEqual({ kind: 'skipped' });
  });

  it('ends, settled, when its track was deleted while it processed', () => {
    const gone = view({ status: 'cancelled', failure: 'tracks.errors.trackRemoved' });
    expect(uploadDisplay(item({}), gone)).toEqual({ kind: 'removed' });
    expect(isSettled({ kind: 'removed' })).toBe(true);
  });

  it('says why it failed: the refusal, or the server’s reason', () => {
    const refused = { key: 'tracks.errors.fileTooLarge', values: { maxMb: 2 } };
    expect(uploadDisplay(item({ phase: 'failed', error: refused }), undefined)).toEqual({
      kind: 'failed',
      error: refused,
    });
    const processing = view({ status: 'failed', failure: 'tracks.errors.unsupportedFormat' });
    expect(uploadDisplay(item({}), processing)).toEqual({
      kind: 'failed',
      error: { key: 'tracks.errors.unsupportedFormat' },
    });
    expect(isSettled({ kind: 'ready' })).toBe(true);
    expect(isSettled({ kind: 'processing' })).toBe(false);
  });

  it('keeps a batch per room in storage and ignores what is not one', () => {
    const storage = memoryStorage();
    const room = asRoomId('00000000-0000-4000-8000-000000000001');
    const stored = { key: 'a', fileName: 'a.mp3', size: 5, lastModified: 2, uploadUrl: null };
    writeBatch(room, [stored], storage);
    expect(readBatch(room, storage)).toEqual([stored]);
    storage.set(`music-rooms.uploads.${room}`, '[{"key":1},"x",null]');
    expect(readBatch(room, storage)).toEqual([]);
    storage.set(`music-rooms.uploads.${room}`, '{not json');
    expect(readBatch(room, storage)).toEqual([]);
    writeBatch(room, [], storage);
    expect(storage.get(`music-rooms.uploads.${room}`)).toBeNull();
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRACK_ERRORS } from '@music-rooms/domain/tracks';
import { UploadErrors } from './UploadErrors';
import { isPassingFailure, uploadErrorOf, type UploadError } from './tus-upload';
import type { UploadItem } from './upload-queue';
import { changeLanguage } from '../../i18n';
import { renderInApp, setupComponentTests } from '../../app/shell/render-app.test-support';

setupComponentTests();

const failedItem = (fileName: string): UploadItem => ({
  key: fileName,
  fileName,
  size: 10,
  lastModified: 1,
  uploadUrl: null,
  file: new File(['x'], fileName),
  phase: 'failed',
  sent: 0,
  bytesPerSecond: 0,
  error: null,
  uploadId: null,
  playlistId: null,
  resumed: false,
});

function showFailures(
  errors: Record<string, UploadError>,
  onRetry: (key: string) => void = () => {},
  changes: Partial<UploadItem> = {},
) {
  const failed = Object.entries(errors).map(([name, error]) => ({
    item: { ...failedItem(name), ...changes },
    display: { kind: 'failed' as const, error },
  }));
  renderInApp(<UploadErrors failed={failed} onRetry={onRetry} onCancel={() => {}} />);
}

const retryOf = (name: string) =>
  within(screen.getByRole('listitem', { name })).queryByRole('button', { name: 'Retry' });

const reasonOf = (name: string) =>
  screen.getByRole('listitem', { name }).querySelector('.upload-error__reason')?.textContent;

describe('the failed uploads of the upload panel', () => {
  it("say why the server refused them: limits and the room's quota", () => {
    showFailures({
      'a.mp3': { key: TRACK_ERRORS.tooManyUploads, values: { max: 10 } },
      'b.mp3': { key: TRACK_ERRORS.uploadBytesInProgress, values: { maxMb: 2048 } },
      'c.mp3': { key: TRACK_ERRORS.uploadsTooFast, values: { minutes: 7 } },
      'd.mp3': { key: TRACK_ERRORS.roomStorageFull, values: { quotaGb: 10 } },
    });
    expect(reasonOf('a.mp3')).toBe(
      'Too many uploads in progress: at most 10 at a time. Wait for some to finish',
    );
    expect(reasonOf('b.mp3')).toBe(
      'Uploads in progress may add up to 2048 MB at most. Wait for some to finish',
    );
    expect(reasonOf('c.mp3')).toBe('Too many uploads started in a short time. Try again in 7 min');
    expect(reasonOf('d.mp3')).toBe(
      'This room is out of space: its tracks may take up 10 GB in all',
    );
  });

  it('offer Retry when the storage failed, and say why in Russian too', async () => {
    const retried: string[] = [];
    showFailures(
      {
        'store.mp3': { key: TRACK_ERRORS.storageUnavailable },
        'full.mp3': { key: TRACK_ERRORS.roomStorageFull, values: { quotaGb: 10 } },
        'big.mp3': { key: TRACK_ERRORS.fileTooLarge, values: { maxMb: 200 } },
      },
      (key) => retried.push(key),
    );
    expect(reasonOf('store.mp3')).toBe('The server could not store the file. Try again later');
    await userEvent.click(retryOf('store.mp3')!);
    expect(retried).toEqual(['store.mp3']);
    expect(retryOf('full.mp3')).not.toBeNull();
    expect(retryOf('big.mp3')).toBeNull();

    await changeLanguage('ru');
    try {
      expect(
        await screen.findByText('Сервер не смог сохранить файл. Попробуйте позже'),
      ).toBeVisible();
    } finally {
      await changeLanguage('en');
    }
  });

  it('offer Retry for a file the server failed after it arrived, unless it is not audio', () => {
    showFailures(
      {
        'broken.mp3': { key: TRACK_ERRORS.processingFailed },
        'notes.mp3': { key: TRACK_ERRORS.unsupportedFormat },
      },
      () => {},
      { phase: 'sent', sent: 10 },
    );
    expect(reasonOf('broken.mp3')).toBe('Failed to process audio');
    expect(retryOf('broken.mp3')).not.toBeNull();
    expect(reasonOf('notes.mp3')).toBe(
      'This file is not audio in a supported format (MP3, WAV, FLAC, AAC, OGG)',
    );
    expect(retryOf('notes.mp3')).toBeNull();
  });

  it('are not sent again by themselves when the room is out of space', () => {
    expect(isPassingFailure(507)).toBe(false);
    expect(isPassingFailure(429)).toBe(false);
    expect(isPassingFailure(503)).toBe(true);
    expect(isPassingFailure(0)).toBe(true);
  });

  it('read why from the error body the server refused with, else say the upload failed', () => {
    const refusal = (status: number, body: string) =>
      Object.assign(new Error(`tus: ${status}`), {
        originalResponse: { getStatus: () => status, getBody: () => body },
      }) as unknown as Parameters<typeof uploadErrorOf>[0];
    const full = JSON.stringify({
      statusCode: 507,
      error: 'Insufficient Storage',
      code: 'insufficient_storage',
      key: TRACK_ERRORS.roomStorageFull,
      message: 'This room is out of space',
      statusMessage: TRACK_ERRORS.roomStorageFull,
      quotaGb: 10,
    });
    expect(uploadErrorOf(refusal(507, full))).toEqual({
      key: TRACK_ERRORS.roomStorageFull,
      values: { quotaGb: 10 },
    });
    expect(uploadErrorOf(refusal(502, '<html>Bad Gateway</html>'))).toEqual({
      key: TRACK_ERRORS.uploadFailed,
    });
    expect(uploadErrorOf(new Error('cut'))).toEqual({ key: TRACK_ERRORS.uploadFailed });
  });
});

// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { TRACK_ERRORS } from '@music-rooms/domain/tracks';
import { UploadErrors } from '../src/features/tracks/UploadErrors';
import { isPassingFailure, type UploadError } from '../src/features/tracks/tus-upload';
import type { UploadItem } from '../src/features/tracks/upload-queue';
import { renderInApp, setupComponentTests } from './support/render-app';

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

function showFailures(errors: Record<string, UploadError>) {
  const failed = Object.entries(errors).map(([name, error]) => ({
    item: failedItem(name),
    display: { kind: 'failed' as const, error },
  }));
  renderInApp(<UploadErrors failed={failed} onRetry={() => {}} onCancel={() => {}} />);
}

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

  it('are not sent again by themselves when the room is out of space', () => {
    expect(isPassingFailure(507)).toBe(false);
    expect(isPassingFailure(429)).toBe(false);
    expect(isPassingFailure(503)).toBe(true);
    expect(isPassingFailure(0)).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { withoutSupersededCopies } from './superseded-uploads';

const item = (key: string, phase: string, fileName = 'covered.mp3', size = 100) => ({
  key,
  fileName,
  size,
  phase,
});

describe('an upload that finished', () => {
  it('takes the unfinished and failed tries of the same file off the batch', () => {
    const items = [
      item('old', 'missing'),
      item('failed', 'failed'),
      item('done', 'sent'),
      item('other', 'missing', 'other.mp3'),
      item('resized', 'missing', 'covered.mp3', 99),
      item('busy', 'uploading'),
    ];
    const left = withoutSupersededCopies(items, { key: 'done', name: 'covered.mp3', size: 100 });
    expect(left.map((entry) => entry.key)).toEqual(['done', 'other', 'resized', 'busy']);
  });
});

import { describe, expect, it } from 'vitest';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import { editChanges, initialValues } from './batch-edit';

const blank = { title: '', artist: '', album: '', year: '', genre: '' };

describe('the batch edit form', () => {
  it('sends only the fields filled in when editing several tracks', () => {
    expect(editChanges({ ...blank, artist: ' Band ', year: '1999' }, blank, false)).toEqual({
      changes: { artist: 'Band', year: 1999 },
    });
    expect(editChanges(blank, blank, false)).toEqual({ changes: {} });
  });

  it('sends the fields changed for one track, a tag emptied clearing it', () => {
    const initial = { title: 'Song', artist: 'Band', album: 'EP', year: '2001', genre: 'Pop' };
    const values = { title: 'Song', artist: '', album: 'LP', year: '', genre: 'Pop ' };
    expect(editChanges(values, initial, true)).toEqual({
      changes: { title: 'Song', artist: null, album: 'LP', year: null },
    });
  });

  it('never clears a tag the person did not touch', () => {
    const initial = { title: 'Song', artist: 'Band', album: '', year: '2001', genre: '' };
    expect(editChanges(initial, initial, true)).toEqual({ changes: { title: 'Song' } });
    expect(editChanges(blank, blank, true)).toEqual({
      errors: { title: { key: 'validation.required' } },
    });
  });

  it('refuses a blank title, a bad year and a tag too long (validation keys)', () => {
    const result = editChanges(
      { title: ' ', artist: 'x'.repeat(201), album: '', year: '99', genre: '' },
      blank,
      true,
    );
    expect(result).toEqual({
      errors: {
        title: { key: 'validation.required' },
        artist: { key: 'validation.maxLength', values: { count: 200 } },
        year: { key: 'validation.invalidFormat' },
      },
    });
    expect(editChanges({ ...blank, year: '20x0' }, blank, false)).toEqual({
      errors: { year: { key: 'validation.invalidFormat' } },
    });
  });

  it('starts from one track’s tags, or empty for several', () => {
    const track = { title: 'T', artist: 'A', album: null, year: 2001, genre: 'G' } as const;
    expect(initialValues([track as unknown as TrackSummary])).toEqual({
      title: 'T',
      artist: 'A',
      album: '',
      year: '2001',
      genre: 'G',
    });
    expect(initialValues([track, track] as unknown as TrackSummary[])).toEqual(blank);
  });
});

import { describe, expect, it } from 'vitest';
import { parseTrackFilename } from '../src/track-filename';
import { TRACK_FILENAME_CORPUS as NAMES } from '../src/track-filename-corpus';

describe('parseTrackFilename', () => {
  it('knows at least sixty real-world names', () => {
    expect(NAMES.length).toBeGreaterThanOrEqual(60);
  });

  it.each(NAMES)('reads %j as artist %j and title %j', (name, artist, title) => {
    const parsed = parseTrackFilename(name);
    expect({ artist: parsed.artist, title: parsed.title }).toEqual({ artist, title });
  });

  it('keeps the track number it took off the front', () => {
    expect(parseTrackFilename('07) Daft Punk - Get Lucky.mp3').trackNumber).toBe(7);
    expect(parseTrackFilename('01_-_Кино_-_Группа_крови.mp3').trackNumber).toBe(1);
    expect(parseTrackFilename('50 Cent - In Da Club.mp3').trackNumber).toBeNull();
  });

  it('never answers an empty title', () => {
    for (const name of ['.mp3', '(Official Video).mp3', ' - .mp3', '[HD].flac']) {
      expect(parseTrackFilename(name).title.length).toBeGreaterThan(0);
    }
  });
});

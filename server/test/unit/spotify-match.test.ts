import { describe, expect, it } from 'vitest';
import type { SpotifyTrack, TrackId } from '@music-rooms/domain';
import { comparableName, judgeCandidate, matchQueries } from '../../src/services/spotify/match';

const ours = {
  id: 't1' as TrackId,
  title: 'Ёлка (Remastered 2011)',
  artist: 'Кино & Гость',
  durationMs: 200_000,
  isrc: null,
};

const candidate = (overrides: Partial<SpotifyTrack>): SpotifyTrack => ({
  id: 's1',
  name: 'Елка',
  artists: [{ id: 'a1', name: 'КИНО' }],
  album: 'A',
  imageUrl: null,
  durationMs: 200_000,
  isrc: null,
  url: null,
  ...overrides,
});

describe('matching a track to Spotify', () => {
  it('compares names without case, accents, ё, brackets, suffixes or featured artists', () => {
    expect(comparableName('Ёлка (Remastered 2011)')).toBe('елка');
    expect(comparableName('Café del Mar - Live at Ibiza')).toBe('cafe del mar');
    expect(comparableName('Song feat. Someone')).toBe('song');
    expect(comparableName('Don’t Stop!')).toBe('don t stop');
  });

  it('ranks an ISRC match first, then artist and title within 2 s, then a title alone', () => {
    const isrc = judgeCandidate(
      { ...ours, isrc: 'usabc1' },
      candidate({ isrc: 'USABC1', name: 'Other' }),
    );
    expect(isrc).toMatchObject({ confidence: 1, reason: 'isrc' });
    const exact = judgeCandidate(ours, candidate({ durationMs: 201_000 }));
    expect(exact).toMatchObject({
      reason: 'artistTitleDuration',
      confidence: 0.9,
      durationDeltaMs: 1000,
    });
    const titleOnly = judgeCandidate(ours, candidate({ artists: [{ id: 'a2', name: 'Other' }] }));
    expect(titleOnly).toMatchObject({ reason: 'titleDuration', confidence: 0.6 });
    const longer = judgeCandidate(ours, candidate({ durationMs: 260_000 }));
    expect(longer).toMatchObject({ reason: 'artistTitle', confidence: 0.4 });
  });

  it('drops what is not the track: another title, or another artist and length', () => {
    expect(judgeCandidate(ours, candidate({ name: 'Кукушка' }))).toBeNull();
    expect(
      judgeCandidate(ours, candidate({ artists: [{ id: 'a2', name: 'X' }], durationMs: 250_000 })),
    ).toBeNull();
  });

  it('searches by ISRC before artist and title', () => {
    expect(matchQueries({ ...ours, isrc: 'gbaye0601498', title: 'Say "Hi"' })).toEqual([
      'isrc:GBAYE0601498',
      'track:Say  Hi artist:Кино & Гость',
    ]);
    expect(matchQueries({ ...ours, artist: null })).toEqual(['track:Ёлка (Remastered 2011)']);
  });
});

import { describe, expect, it } from 'vitest';
import { asTrackId } from '../src/ids';
import { STOPPED, type PlaybackState } from '../src/playback';
import { newestState, stillApplies } from '../src/player-sending';

const [A, B] = [asTrackId('a'), asTrackId('b')];
const seen: PlaybackState = { ...STOPPED, trackId: A, durationMs: 60_000, playing: true };
const moved = (changes: Partial<PlaybackState>) => ({ ...seen, ...changes, revision: 1 });

describe('a command refused because the room moved', () => {
  it('next, previous, seek and select are dropped once the room left the track seen', () => {
    for (const command of [
      { type: 'next' },
      { type: 'previous' },
      { type: 'seek', positionMs: 5000 },
      { type: 'select', trackId: asTrackId('c') },
    ] as const) {
      expect(stillApplies(command, seen, moved({ trackId: B })), command.type).toBe(false);
      expect(stillApplies(command, seen, moved({ playing: false })), command.type).toBe(true);
    }
  });

  it('a select of the track the room moved to is dropped', () => {
    expect(stillApplies({ type: 'select', trackId: A }, seen, moved({}))).toBe(false);
  });

  it('play, pause, repeat and shuffle go again only while they change something', () => {
    const paused = moved({ playing: false });
    expect(stillApplies({ type: 'pause' }, seen, paused)).toBe(false);
    expect(stillApplies({ type: 'pause' }, seen, moved({ trackId: B }))).toBe(true);
    expect(stillApplies({ type: 'play' }, seen, paused)).toBe(true);
    expect(stillApplies({ type: 'play' }, seen, moved({}))).toBe(false);
    expect(stillApplies({ type: 'repeat', mode: 'all' }, seen, moved({ repeat: 'all' }))).toBe(
      false,
    );
    expect(stillApplies({ type: 'shuffle', on: true }, seen, moved({}))).toBe(true);
  });
});

describe('the state a new command is aimed at', () => {
  it('is the later of the live state and the answer to the page’s own last command', () => {
    const played = moved({ playing: true });
    expect(newestState(STOPPED, played)).toBe(played);
    expect(newestState(played, STOPPED)).toBe(played);
    expect(newestState(null, played)).toBe(played);
    expect(newestState(STOPPED, null)).toBe(STOPPED);
    expect(newestState(null, null)).toBeNull();
  });
});

import type { PlaybackState } from '@music-rooms/domain/playback';
import type { TrackSummary } from '@music-rooms/domain/tracks';
import type { EngineTrack, EngineView } from './engine/engine-types';

/** What the engine follows of the room's player (player.get): null while it is not known. */
export function engineView(
  state: PlaybackState | null,
  loudnessLufs: number | null,
  next: TrackSummary | null,
): EngineView | null {
  return state ? { state, loudnessLufs, next: next && engineTrack(next) } : null;
}

const engineTrack = (track: TrackSummary): EngineTrack => ({
  id: track._id,
  durationMs: track.durationMs,
  loudnessLufs: track.loudnessLufs,
});

import { useEffect, useRef } from 'react';
import { positionAt } from '@music-rooms/domain/playback';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { mediaUrl } from '../tracks/tracks-api';
import type { PlayerModel } from './usePlayer';

type Action = MediaSessionAction;

/**
 * The Media Session (lock screen, headset keys, the browser's media controls): the current
 * track's title, artist, album and cover, the position, and the room's commands.
 */
export function useMediaSession(player: PlayerModel, pass: RoomAccessArgs): void {
  const latest = useRef(player);
  useEffect(() => {
    latest.current = player;
  });
  const track = player.view?.track ?? null;
  const state = player.view?.state ?? null;

  useEffect(() => {
    const session = mediaSession();
    if (!session || typeof MediaMetadata === 'undefined') return;
    session.metadata = track
      ? new MediaMetadata({
          title: track.title,
          artist: track.artist ?? '',
          album: track.album ?? '',
          artwork:
            track.coverVersion === null
              ? []
              : [
                  {
                    src: mediaUrl(track._id, 'cover', pass, track.coverVersion),
                    sizes: '512x512',
                    type: 'image/webp',
                  },
                ],
        })
      : null;
  }, [track, pass]);

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    session.playbackState = state?.trackId ? (state.playing ? 'playing' : 'paused') : 'none';
    if (!state?.trackId || state.durationMs <= 0) return;
    const position = Math.max(0, positionAt(state, player.clock.serverNow() ?? Date.now()));
    try {
      session.setPositionState({
        duration: state.durationMs / 1000,
        position: Math.min(position, state.durationMs) / 1000,
        playbackRate: 1,
      });
    } catch {
      // A browser that refuses the numbers keeps its own idea of the position.
    }
  }, [state, player.clock]);

  useEffect(() => {
    const session = mediaSession();
    if (!session) return;
    const handlers: Array<[Action, MediaSessionActionHandler]> = [
      ['play', () => latest.current.command({ type: 'play' })],
      ['pause', () => latest.current.command({ type: 'pause' })],
      ['previoustrack', () => latest.current.command({ type: 'previous' })],
      ['nexttrack', () => latest.current.command({ type: 'next' })],
      [
        'seekto',
        (details) => {
          if (details.seekTime === undefined) return;
          latest.current.command({ type: 'seek', positionMs: details.seekTime * 1000 });
        },
      ],
    ];
    for (const [action, handler] of handlers) {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // Not every browser knows every action.
      }
    }
    return () => {
      for (const [action] of handlers) {
        try {
          session.setActionHandler(action, null);
        } catch {
          // As above.
        }
      }
    };
  }, []);
}

function mediaSession(): MediaSession | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.mediaSession;
}

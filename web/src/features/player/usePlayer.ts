import { useCallback, useEffect, useRef } from 'react';
import type { RoomId, TrackId } from '@music-rooms/domain/ids';
import { STOPPED, type PlaybackState } from '@music-rooms/domain/playback';
import type { PlayerView } from '@music-rooms/domain/player';
import type { PlayerCommand } from '@music-rooms/domain/player-commands';
import type { RoomAccessArgs } from '@music-rooms/domain/rooms';
import { useRealtimeClient } from '../../lib/realtime/realtime-context';
import { useLiveQueryState } from '../../lib/realtime/useLiveQuery';
import { newestState } from '@music-rooms/domain/player-sending';
import { engineView } from './engine-view';
import { sendPlayerCommand } from './player-api';
import { isSilent, playerSettings } from './player-settings';
import { followRoomSounds } from './room-sounds/room-sound-player';
import { useCommandNotice } from './useCommandNotice';
import { usePlayerEngine, type PlayerEngine } from './usePlayerEngine';

/** Everything the player bar and the room page need of the player. */
export type PlayerModel = PlayerEngine & {
  roomId: RoomId;
  pass: RoomAccessArgs;
  /** The room's playback (player.get), null while it loads. */
  view: PlayerView | null;
  /**
   * Sends a command aimed at the state shown (one the room has moved past is dropped, a refusal
   * is a notice).
   */
  command: (command: PlayerCommand) => void;
  /** Plays a track of the playlist from its start. */
  select: (trackId: TrackId) => void;
  /** From a click: lets the audio start where the browser blocked it. */
  unlock: () => void;
};

/**
 * The room's player (design §4): the live playback state (with the track that follows, for a
 * gapless change), the engine that plays it in sync, and the commands.
 */
export function usePlayer(roomId: RoomId, pass: RoomAccessArgs): PlayerModel {
  const refused = useCommandNotice();
  const engine = usePlayerEngine(roomId, pass);
  const live = useLiveQueryState('player.get', { roomId, ...pass });
  const view = live.status === 'value' ? live.value : null;
  const state = view?.state ?? null;
  const client = useRealtimeClient();
  // The room's test clicks and calibration chirps play on the player's clock, unless muted.
  useEffect(
    () => followRoomSounds(client, engine.engine, roomId, () => isSilent(playerSettings.get())),
    [client, engine.engine, roomId],
  );

  const loudnessLufs = view?.track?.loudnessLufs ?? null;
  const next = view?.next ?? null;
  const loading = live.status === 'loading';
  useEffect(() => {
    // While the room's player loads, the engine goes on with what it has: the player that a
    // playing room's page started as it opened (early-player.ts) plays on.
    if (loading) return;
    engine.engine.setView(engineView(state, loudnessLufs, next));
  }, [engine.engine, loading, state, loudnessLufs, next]);

  // What this page's own commands were answered: pressing Play, then Next before the room's
  // live state arrives, aims Next at the track Play started, which the person knows of.
  const answered = useRef<PlaybackState | null>(null);
  useEffect(() => {
    answered.current = null;
  }, [roomId]);
  const command = useCallback(
    (next: PlayerCommand) => {
      engine.engine.unlock();
      const seen = newestState(state, answered.current) ?? STOPPED;
      sendPlayerCommand(roomId, seen, next, pass)
        .then((result) => {
          answered.current = newestState(answered.current, result);
        })
        .catch(refused);
    },
    [engine.engine, roomId, state, pass, refused],
  );
  const select = useCallback((trackId: TrackId) => command({ type: 'select', trackId }), [command]);
  const unlock = useCallback(() => engine.engine.unlock(), [engine.engine]);
  return { ...engine, roomId, pass, view, command, select, unlock };
}

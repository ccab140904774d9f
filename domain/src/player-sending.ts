import type { PlaybackState } from './playback';
import type { PlayerCommand } from './player-commands';

/**
 * How a client sends player commands (the web's player, and the tests that play two people at
 * once). A command is aimed at the state the person saw: Next *from* the track shown, a seek
 * *in* it, a select *instead of* it, a pause of the music playing.
 */
export type PlayerCalls = {
  /** `player.command` on a revision; throws when the server refuses it. */
  command: (revision: number, command: PlayerCommand) => Promise<{ state: PlaybackState }>;
  /** The room's playback now (`player.get`). */
  read: () => Promise<PlaybackState>;
  /** Whether a refusal says someone changed the player first. */
  isStale: (error: unknown) => boolean;
};

/**
 * Whether a command aimed at `seen` still means the same on `fresh`, the room having moved
 * meanwhile. Next, previous, seek and select act on the track seen: once the room left it, the
 * person's intent was already carried out or overtaken by someone else's (the first wins), so
 * they are dropped rather than re-aimed. Play, pause, repeat and shuffle still apply only while
 * they change something.
 */
export function stillApplies(
  command: PlayerCommand,
  seen: PlaybackState,
  fresh: PlaybackState,
): boolean {
  switch (command.type) {
    case 'play':
      return !fresh.playing;
    case 'pause':
      return fresh.playing;
    case 'repeat':
      return fresh.repeat !== command.mode;
    case 'shuffle':
      return fresh.shuffle !== command.on;
    case 'select':
      return fresh.trackId === seen.trackId && fresh.trackId !== command.trackId;
    case 'next':
    case 'previous':
    case 'seek':
      return fresh.trackId === seen.trackId;
  }
}

/**
 * Sends a command on the state seen. Refused because the room moved meanwhile, it is sent once
 * more on the fresh state only when it still applies there (`stillApplies`); a second refusal
 * is the caller's to show. Answers the state the server answered, or null when the command was
 * dropped.
 */
export async function sendAimedCommand(
  calls: PlayerCalls,
  seen: PlaybackState,
  command: PlayerCommand,
): Promise<PlaybackState | null> {
  try {
    return (await calls.command(seen.revision, command)).state;
  } catch (error) {
    if (!calls.isStale(error)) throw error;
  }
  const fresh = await calls.read();
  if (!stillApplies(command, seen, fresh)) return null;
  return (await calls.command(fresh.revision, command)).state;
}

/**
 * Of two states of the room a page knows (the live one, and the answer to its own last command),
 * the later: the one a new command is aimed at. Play pressed, then Next before the live state
 * came back, aims Next at the track that Play started.
 */
export function newestState(
  a: PlaybackState | null,
  b: PlaybackState | null,
): PlaybackState | null {
  if (!a || !b) return a ?? b;
  return b.revision > a.revision ? b : a;
}

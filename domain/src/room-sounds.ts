import type { RoomId } from './ids';

/**
 * Short sounds every page of a room plays at one server instant, to hear whether the room is in
 * sync: a test click anyone may ask for, and the chirps of a calibration round, in which one
 * device listens to the others through its microphone to find its own hidden output delay.
 */

/** One test click for every page present in the room. */
export type TestSound = {
  kind: 'test';
  roomId: RoomId;
  /** The server instant (epoch ms) at which every page's click is heard. */
  at: number;
  /** Who asked for it: a name, or null for a guest. */
  by: string | null;
};

/** One page's chirp in a calibration round, told to that page alone. */
export type CalibrationChirp = {
  kind: 'chirp';
  roomId: RoomId;
  at: number;
  /** Which of `CALIBRATION.chirps` it plays. */
  chirp: number;
};

/** What a page present in a room is told to play (the event `player:sound`). */
export type RoomSound = TestSound | CalibrationChirp;

/** One chirp of a round: when it is heard and which it is. */
export type CalibrationSlot = { at: number; chirp: number };

/**
 * A calibration round as the listening device is told it: its own chirp, which it plays itself,
 * and those of the room's pages that play in sync, one after another.
 */
export type CalibrationPlan = { own: CalibrationSlot; others: CalibrationSlot[] };

export const ROOM_SOUND_LIMITS = {
  /** A test click sounds this long after it is asked for: time to reach every page. */
  testLeadMs: 1500,
  /** Test clicks and calibration rounds a person may ask for in a room per window. */
  sounds: 6,
  windowMs: 30_000,
} as const;

export const CALIBRATION = {
  /** The first chirp sounds this long after the round is asked for. */
  leadMs: 800,
  /** One chirp after another, this far apart: the next never overlaps the last's echo. */
  spacingMs: 300,
  /** Pages that play besides the listening one: the round stays within 1.5 s. */
  maxOthers: 4,
  /** How many distinct chirps there are (one per page of a round). */
  chirps: 5,
} as const;

/** The Socket.IO room of the pages present in a room: they hear its sounds. */
export const soundRoomOf = (roomId: RoomId) => `sounds:${roomId}`;

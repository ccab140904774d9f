import type { RoomListResult, RoomId } from '@music-rooms/domain';
import type { RoomCards } from './cards';
import type { KeptNowPlaying } from './now-playing';

/** The last answer built from one page and one viewer's marks, and what else it was built from. */
type Remembered = { built: string; answer: RoomListResult };

/** Answers by page, then by the viewer's marks: both weakly, so they go when the cache drops them. */
const remembered = new WeakMap<object, WeakMap<object, Remembered>>();

/** Stands for "no marks" where an answer does not depend on the viewer beyond the page. */
export const NO_MARKS: object = Object.freeze({});

/**
 * The answer to a list request, the very same object as last time while nothing it is built
 * from has changed: the page and the viewer's marks as the list cache holds them (a change
 * replaces them, list-cache.ts), the total, the live counts of the rooms shown and the tracks
 * they play (each kept track has its own version, now-playing.ts). The answer
 * is a pure function of these, so it is never stale, and a busy home page builds, serializes
 * and compresses its answer once per change rather than once per request (answer-bytes.ts).
 *
 * The answer is frozen: it is shared by every caller until it is replaced.
 */
export function rememberedAnswer(
  inputs: {
    page: object;
    marks: object;
    total: number;
    active: ReadonlyMap<string, number>;
    tracks: ReadonlyMap<RoomId, KeptNowPlaying>;
  },
  roomIds: readonly RoomId[],
  build: () => RoomListResult,
): RoomListResult {
  const counts = roomIds.map((id) => inputs.active.get(id) ?? 0).join(',');
  const tracks = roomIds.map((id) => inputs.tracks.get(id)?.version ?? 0).join(',');
  const built = `${inputs.total}:${counts}:${tracks}`;
  let byMarks = remembered.get(inputs.page);
  if (!byMarks) {
    byMarks = new WeakMap();
    remembered.set(inputs.page, byMarks);
  }
  const last = byMarks.get(inputs.marks);
  if (last?.built === built) return last.answer;
  const answer = deepFreeze(build());
  byMarks.set(inputs.marks, { built, answer });
  return answer;
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** Cards and the total as a list answer: where the next page starts, if there is one. */
export function listAnswer(cards: RoomCards, total: number, offset: number): RoomListResult {
  const end = offset + cards.rooms.length;
  return { ...cards, total, nextOffset: end < total ? end : null };
}

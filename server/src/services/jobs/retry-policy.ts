import type { JobKind } from '@music-rooms/domain';

/**
 * Why a failed job of a kind cannot simply run again, or null when it can. Every kind must
 * answer: a new kind decides here whether an operator may retry it.
 */
const RETRY_REFUSALS: Record<JobKind, string | null> = {
  'process-audio':
    'its uploaded file is deleted once processing gives up: the person uploads it again',
  'playback-copy': null,
  // A timer whose room moved on does nothing; the room's next command re-arms it anyway.
  'player.advance': null,
  // Deleting a removal's files again is harmless.
  'tracks.purge-removal': null,
  'yandex-import':
    "it needs the streaming service's token, which only the person's browser keeps: they retry the import in the room",
  // Measuring again writes the same figures; a failed match only leaves the track unmatched.
  'loudness-measure': null,
  'spotify-match': null,
};

/** The kind a row stores, without the node a kind of one node carries (`yandex-import:<node>`). */
export const kindOf = (stored: string): string => stored.split(':')[0]!;

export function retryRefusal(stored: string): string | null {
  const kind = kindOf(stored);
  return kind in RETRY_REFUSALS
    ? RETRY_REFUSALS[kind as JobKind]
    : 'no version of the server runs jobs of this kind';
}

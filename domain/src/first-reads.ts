import type { FunctionArgs } from './functions';
import type { PlaybackManifest } from './player';

/**
 * A room page's first reads, answered in the page the server sends (server/src/routes/first-reads.ts)
 * and taken by the page's entry (web/src/lib/realtime/early-reads.ts) instead of asked for. Both
 * name them here, with the args the page's live queries ask them with, so that each is found
 * under the same key.
 */

/** The script element (JSON) that carries them. */
export const FIRST_READS_ELEMENT_ID = 'first-reads';

/** One query's answer: what it read, with which args. */
export type FirstRead = { path: string; args: FunctionArgs; value: unknown };

type Query = { path: string; args: FunctionArgs };

/** The room's info by its address: the first read of a room page. */
export const roomInfoRead = (roomUrl: string): Query => ({
  path: 'rooms.getRoomInfoByUrl',
  args: { room_url: roomUrl },
});

/** Once the info names the room (and lets the viewer in): the room and its player. */
export const roomReads = (roomId: string): Query[] => [
  { path: 'rooms.get', args: { id: roomId } },
  { path: 'player.get', args: { roomId } },
];

/**
 * The script element (JSON) that carries the playing track's playback manifest, with the address
 * the player asks it at: the track's segment is then asked for as the page's entry runs, with no
 * round trip before it.
 */
export const FIRST_MANIFEST_ELEMENT_ID = 'first-manifest';

export type FirstManifest = { url: string; manifest: PlaybackManifest };

/** Where the player asks a track's manifest without a pass, as a room page's early reads go. */
export const playbackManifestPath = (trackId: string): string =>
  `/api/tracks/${encodeURIComponent(trackId)}/playback`;

/**
 * The script element (JSON) of a room page with the server's clock as it answered the page: when
 * its request came in and when the page's first part left, on the server's timeline (epoch ms).
 * With the page's own timing of that request (Navigation Timing), the page is a clock probe of
 * its own, in before the connection that the clock's other probes go over.
 */
export const PAGE_CLOCK_ELEMENT_ID = 'page-clock';

export type PageClock = { receivedAt: number; sentAt: number };

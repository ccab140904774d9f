import { FIRST_MANIFEST_ELEMENT_ID, type FirstManifest } from '@music-rooms/domain/first-reads';
import type { PlaybackManifest } from '@music-rooms/domain/player';
import { takePageJson } from '../../../lib/page-json';

/**
 * The playing track's manifest a room page came with (server/src/routes/first-reads.ts), when it
 * is the one asked for at `url`; taken once (the element goes), so that a later opening reads anew.
 */
export function takePageManifest(url: string): PlaybackManifest | null {
  // (Undefined for a page that came cut short: the manifest is asked for.)
  const given = takePageJson(FIRST_MANIFEST_ELEMENT_ID) as FirstManifest | undefined;
  return given?.url === url ? given.manifest : null;
}

import { FIRST_MANIFEST_ELEMENT_ID, type FirstManifest } from '@music-rooms/domain/first-reads';
import type { PlaybackManifest } from '@music-rooms/domain/player';

/**
 * The playing track's manifest a room page came with (server/src/routes/first-reads.ts), when it
 * is the one asked for at `url`; taken once (the element goes), so that a later opening reads anew.
 */
export function takePageManifest(url: string): PlaybackManifest | null {
  const element =
    typeof document === 'undefined' ? null : document.getElementById(FIRST_MANIFEST_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const given = JSON.parse(element.textContent ?? '') as FirstManifest;
    return given.url === url ? given.manifest : null;
  } catch {
    // A page that came cut short: the manifest is asked for.
    return null;
  }
}

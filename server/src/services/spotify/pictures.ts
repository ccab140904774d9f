import { toPreviewDataUrl } from '../../media';
import type { SpotifyClient } from './client';

/** Lists show Spotify's pictures this size (the catalogue's smallest is 64 px). */
const PREVIEW_PX = 64;

/**
 * Spotify's pictures handed on as small data: URLs, as the streaming service's are: the page
 * loads no image from outside, so an address of Spotify's would be refused by its CSP.
 */
export async function withInlinePictures<T extends { imageUrl: string | null }>(
  client: SpotifyClient,
  items: T[],
): Promise<T[]> {
  return Promise.all(
    items.map(async (item) => {
      if (!item.imageUrl) return item;
      const picture = await client.picture(item.imageUrl);
      return { ...item, imageUrl: picture ? await toPreviewDataUrl(picture, PREVIEW_PX) : null };
    }),
  );
}

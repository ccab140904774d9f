import { z } from 'zod';
import { SPOTIFY_LIMITS } from '../spotify';
import { text } from './text';
import { VALIDATION } from './validation-keys';

/** What is searched: free text, or Spotify's own filters (`isrc:`, `artist:`, `track:`). */
export const spotifyQuerySchema = text()
  .trim()
  .min(1, { message: VALIDATION.required, abort: true })
  .max(SPOTIFY_LIMITS.queryMax, { message: VALIDATION.maxLength });

/** Spotify's base-62 ids. */
export const spotifyIdSchema = text().regex(/^[0-9A-Za-z]{1,64}$/, {
  message: VALIDATION.invalidFormat,
});

export const spotifySearchArgsSchema = z.object({
  query: spotifyQuerySchema,
  kind: z.enum(['track', 'artist']),
  offset: z.number().int().min(0).max(990).default(0),
});

/** What picks a room's track to match: part of its title, artist or room's name; blank for all. */
export const trackToMatchSearchSchema = text()
  .trim()
  .max(SPOTIFY_LIMITS.queryMax, { message: VALIDATION.maxLength });

import { z } from 'zod';
import { TRACK_LIMITS, TRACK_SORTS } from '../tracks';
import { playlistIdSchema, roomIdSchema, trackIdSchema } from './ids';
import { roomAccessArgs } from './rooms';
import { requiredText, text } from './text';
import { VALIDATION } from './validation-keys';

/**
 * The argument rules of the tracks.* and playlists.* functions, for the forms and the server.
 * Messages are i18n keys; `too_small` / `too_big` issues carry the count they name.
 */

/** Title: required (a title of only invisible characters is blank), then too short / too long. */
export const trackTitleSchema = requiredText()
  .min(TRACK_LIMITS.title.min, { message: VALIDATION.minLength })
  .max(TRACK_LIMITS.title.max, { message: VALIDATION.maxLength });

/** An optional tag: blank clears it (null). */
const optionalTag = (max: number) =>
  text()
    .trim()
    .max(max, { message: VALIDATION.maxLength })
    .transform((value) => (value === '' ? null : value))
    .nullable();

export const trackYearSchema = z
  .number({ message: VALIDATION.invalidFormat })
  .int({ message: VALIDATION.invalidFormat })
  .min(TRACK_LIMITS.year.min, { message: VALIDATION.invalidFormat })
  .max(TRACK_LIMITS.year.max, { message: VALIDATION.invalidFormat })
  .nullable();

/** The tags a person may edit; each is optional, so only what changed is sent. */
export const trackTagsSchema = z.object({
  title: trackTitleSchema.optional(),
  artist: optionalTag(TRACK_LIMITS.artistMax).optional(),
  album: optionalTag(TRACK_LIMITS.albumMax).optional(),
  year: trackYearSchema.optional(),
  genre: optionalTag(TRACK_LIMITS.genreMax).optional(),
});
export type TrackTagChanges = z.output<typeof trackTagsSchema>;

export const trackIdsSchema = z
  .array(trackIdSchema)
  .min(1, { message: VALIDATION.required })
  .max(TRACK_LIMITS.batchMax, { message: VALIDATION.invalidFormat });

export const trackListArgsSchema = z.object({
  roomId: roomIdSchema,
  /** Omitted: every track of the room (its library). */
  playlistId: playlistIdSchema.optional(),
  search: text().trim().max(TRACK_LIMITS.searchMax, { message: VALIDATION.maxLength }).optional(),
  sort: z.enum(TRACK_SORTS, { message: VALIDATION.invalidFormat }).default('manual'),
  ...roomAccessArgs,
});
export type TrackListQuery = z.output<typeof trackListArgsSchema>;

export const playlistNameSchema = requiredText().max(TRACK_LIMITS.playlistNameMax, {
  message: VALIDATION.maxLength,
});

/** How an upload that matches a track of the room goes on (the duplicates chooser). */
export const DUPLICATE_CHOICES = ['skip', 'keepBoth', 'replace'] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];
export const duplicateChoiceSchema = z.enum(DUPLICATE_CHOICES, {
  message: VALIDATION.invalidFormat,
});

/** A tus upload id, as the server made it. */
export const uploadIdSchema = text()
  .min(1, { message: VALIDATION.required })
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, { message: VALIDATION.invalidFormat });

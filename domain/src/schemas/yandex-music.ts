import { z } from 'zod';
import { parseServiceLink } from '../yandex-music-links';
import { YANDEX_MUSIC_ERRORS, YANDEX_MUSIC_LIMITS } from '../yandex-music';
import { playlistIdSchema, roomIdSchema } from './ids';
import { text } from './text';
import { VALIDATION } from './validation-keys';

/**
 * The argument rules of the yandexMusic.* functions, for the import modal and the server.
 * Messages are i18n keys (spec §8 Streaming service).
 */

const { token: TOKEN } = YANDEX_MUSIC_LIMITS;
const TOKEN_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{${TOKEN.min},${TOKEN.max}}$`);

/** The personal token: blank asks for one first; anything but the token's characters is refused. */
export const serviceTokenSchema = text()
  .trim()
  .min(1, { message: YANDEX_MUSIC_ERRORS.enterTokenFirst, abort: true })
  .regex(TOKEN_PATTERN, { message: YANDEX_MUSIC_ERRORS.tokenFormatInvalid });

/** Whether a token looks right (the modal checks as the person types). */
export const isServiceTokenFormat = (token: string) => TOKEN_PATTERN.test(token.trim());

/** A link to a track, an album or a playlist of the service. */
export const serviceLinkSchema = text()
  .trim()
  .min(1, { message: VALIDATION.required, abort: true })
  .max(YANDEX_MUSIC_LIMITS.urlMax, { message: YANDEX_MUSIC_ERRORS.invalidUrl, abort: true })
  .refine((url) => parseServiceLink(url) !== null, { message: YANDEX_MUSIC_ERRORS.invalidUrl });

/** A track id of the service: digits (the album may follow after a colon, as the service writes). */
export const serviceTrackIdSchema = text()
  .regex(/^\d{1,15}(:\d{1,15})?$/, { message: VALIDATION.invalidFormat })
  .transform((id) => id.split(':')[0]!);

export const serviceTrackIdsSchema = z
  .array(serviceTrackIdSchema)
  .min(1, { message: VALIDATION.required })
  .max(YANDEX_MUSIC_LIMITS.importMax, { message: VALIDATION.invalidFormat });

export const serviceSearchSchema = text()
  .trim()
  .min(1, { message: VALIDATION.required, abort: true })
  .max(YANDEX_MUSIC_LIMITS.searchMax, { message: VALIDATION.maxLength });

/** An import's id, as the server made it. */
export const importIdSchema = text()
  .min(1, { message: VALIDATION.required })
  .max(100, { message: VALIDATION.invalidFormat });

export const importArgsSchema = z.object({
  token: serviceTokenSchema,
  roomId: roomIdSchema,
  trackIds: serviceTrackIdsSchema,
  /** The room's playlist the tracks go into; the room's main playlist when omitted. */
  playlistId: playlistIdSchema.optional(),
  /** What the person imported from (a playlist's or album's title), for the import's summary. */
  title: text().trim().max(200, { message: VALIDATION.maxLength }).optional(),
});
export type ImportArgs = z.output<typeof importArgsSchema>;

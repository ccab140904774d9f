import { text } from './text';
import { VALIDATION } from './validation-keys';

/** An id argument: any non-empty string of sane length; whether it names a row is the server's. */
const id = () => text().min(1, { message: VALIDATION.required }).max(100);

export const userIdSchema = id().brand<'UserId', 'inout'>();
export const roomIdSchema = id().brand<'RoomId', 'inout'>();
export const trackIdSchema = id().brand<'TrackId', 'inout'>();
export const playlistIdSchema = id().brand<'PlaylistId', 'inout'>();
/** A track removal that may still be undone (`tracks.restore`). */
export const removalIdSchema = id();

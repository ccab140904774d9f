import type { ArgsOf } from '@music-rooms/domain/functions';
import type { PlaybackControl, RoomDetails } from '@music-rooms/domain/rooms';
import type { RoomFormValues } from '../form/room-form-schema';

type RoomChanges = Omit<ArgsOf<'rooms.update'>, 'id'>;

/**
 * What the settings form changes in the room: only the fields that differ (as the server will
 * store them: trimmed, the URL in lower case), and the password when one is set or removed.
 * Null when nothing changed. Who controls the playback is chosen beside the form's fields.
 */
export function settingsChanges(
  room: RoomDetails,
  values: RoomFormValues,
  playbackControl: PlaybackControl = room.playbackControl,
): RoomChanges | null {
  const changes: RoomChanges = {};
  const name = values.name.trim();
  const roomUrl = values.room_url.trim().toLowerCase();
  const description = values.description.trim();
  if (name !== room.name) changes.name = name;
  if (roomUrl !== room.room_url) changes.room_url = roomUrl;
  if (description !== room.description) changes.description = description;
  if (values.visibility !== room.visibility) changes.visibility = values.visibility;
  if (values.passwordMode === 'set') changes.password = values.password;
  if (values.passwordMode === 'remove' && room.hasPassword) changes.password = null;
  if (playbackControl !== room.playbackControl) changes.playbackControl = playbackControl;
  return Object.keys(changes).length > 0 ? changes : null;
}

import type { RoomId } from '@music-rooms/domain/ids';
import { useState } from 'react';
import { useZodForm } from '../../../app/forms/useZodForm';
import { draftAfterName, draftAfterTyping } from './room-url-draft';
import { roomFormSchema, type RoomFormValues } from './room-form-schema';
import { useRoomUrlCheck } from './useRoomUrlCheck';

type RoomFormOptions = {
  /** The room being edited: its own URL is not "taken", and its name no longer suggests one. */
  room?: { _id: RoomId; room_url: string };
};

/**
 * The room form's state (create and settings): the shared field rules, a URL that follows the
 * name until typed by hand (only for a new room), and the live check of that URL.
 */
export function useRoomForm(initial: RoomFormValues, { room }: RoomFormOptions = {}) {
  const form = useZodForm(roomFormSchema, initial);
  const [urlEdited, setUrlEdited] = useState(room !== undefined);
  const urlCheck = useRoomUrlCheck(form.values.room_url, {
    excludeId: room?._id,
    currentUrl: room?.room_url,
  });

  const onNameChange = (name: string) => {
    form.field('name').onChange(name);
    const draft = draftAfterName({ url: form.values.room_url, edited: urlEdited }, name);
    if (draft.url !== form.values.room_url) form.field('room_url').onChange(draft.url);
  };

  const onUrlChange = (typed: string) => {
    const draft = draftAfterTyping(typed);
    setUrlEdited(room !== undefined || draft.edited);
    form.field('room_url').onChange(draft.url);
  };

  return { form, urlCheck, onNameChange, onUrlChange };
}

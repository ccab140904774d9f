import { useTranslation } from 'react-i18next';
import { LIMITS } from '@music-rooms/domain/limits';
import { ROOM_LIMITS, type RoomVisibility } from '@music-rooms/domain/rooms';
import { TextArea } from '../../../ui/TextArea';
import { TextField } from '../../../ui/TextField';
import type { FormField } from '../../../app/forms/useZodForm';
import { RoomUrlField } from './RoomUrlField';
import type { UrlCheck } from './useRoomUrlCheck';
import { VisibilityField } from './VisibilityField';

type RoomDetailsFieldsProps = {
  field: (name: 'name' | 'room_url' | 'description' | 'visibility') => FormField;
  urlCheck: UrlCheck;
  onNameChange: (value: string) => void;
  onUrlChange: (value: string) => void;
  autoFocusName?: boolean;
};

/** The fields a room is made of (create and settings): name, URL, description, visibility. */
export function RoomDetailsFields({
  field,
  urlCheck,
  onNameChange,
  onUrlChange,
  autoFocusName,
}: RoomDetailsFieldsProps) {
  const { t } = useTranslation();
  const name = field('name');
  const description = field('description');
  const visibility = field('visibility');
  return (
    <>
      <TextField
        {...name}
        onChange={onNameChange}
        label={t('rooms.form.name')}
        placeholder={t('rooms.form.namePlaceholder')}
        counter={t('rooms.form.counter', { count: name.value.length, max: LIMITS.roomNameMax })}
        maxLength={LIMITS.roomNameMax}
        autoComplete="off"
        autoFocus={autoFocusName}
        data-autofocus={autoFocusName || undefined}
      />
      <RoomUrlField field={field('room_url')} check={urlCheck} onChange={onUrlChange} />
      <TextArea
        {...description}
        label={`${t('rooms.form.description')} (${t('rooms.form.optional')})`}
        placeholder={t('rooms.form.descriptionPlaceholder')}
        counter={t('rooms.form.counter', {
          count: description.value.length,
          max: ROOM_LIMITS.descriptionMax,
        })}
        maxLength={ROOM_LIMITS.descriptionMax}
      />
      <VisibilityField
        value={visibility.value as RoomVisibility}
        onChange={(value) => visibility.onChange(value)}
      />
    </>
  );
}

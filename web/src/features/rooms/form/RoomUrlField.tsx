import { useTranslation } from 'react-i18next';
import { ROOM_LIMITS, ROOM_URL_PREFIX } from '@music-rooms/domain/rooms';
import { TextField } from '../../../ui/TextField';
import type { FormField } from '../../../app/forms/useZodForm';
import { UrlCheckNote } from './UrlCheckNote';
import type { UrlCheck } from './useRoomUrlCheck';

type RoomUrlFieldProps = {
  field: FormField;
  check: UrlCheck;
  onChange: (value: string) => void;
};

/**
 * The room URL, after its fixed `room/` prefix, with what the live check says under it:
 * checking, available, "This URL is already taken", or an invalid format.
 */
export function RoomUrlField({ field, check, onChange }: RoomUrlFieldProps) {
  const { t } = useTranslation();
  const range = { min: ROOM_LIMITS.url.min, max: ROOM_LIMITS.url.max };
  const liveError =
    check === 'taken'
      ? t('rooms.errors.urlTaken')
      : check === 'invalid'
        ? t('rooms.url.invalid', range)
        : undefined;
  return (
    <TextField
      {...field}
      onChange={onChange}
      label={t('rooms.form.url')}
      prefix={ROOM_URL_PREFIX}
      error={field.error ?? liveError}
      hint={<UrlCheckNote check={check} />}
      maxLength={ROOM_LIMITS.url.max}
      autoCapitalize="none"
      autoComplete="off"
      spellCheck={false}
    />
  );
}

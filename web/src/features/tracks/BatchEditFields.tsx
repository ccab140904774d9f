import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField';
import type { MessageRef } from '../../app/forms/message-ref';
import { useMessage } from '../../app/forms/useMessage';
import type { EditField, EditValues } from './batch-edit';
import { UPLOADER_TAGS } from '@music-rooms/domain/tracks';

type BatchEditFieldsProps = {
  values: EditValues;
  errors: Partial<Record<EditField, MessageRef>>;
  single: boolean;
  uploaderTagsOnly: boolean;
  onChange: (field: EditField, value: string) => void;
};

const FIELDS: EditField[] = ['title', 'artist', 'album', 'year', 'genre'];
const UPLOADER_FIELDS: ReadonlySet<string> = new Set(UPLOADER_TAGS);

/** Title (one track only), artist, album, year and genre (not for an uploader's own fix). */
export function BatchEditFields({
  values,
  errors,
  single,
  uploaderTagsOnly,
  onChange,
}: BatchEditFieldsProps) {
  const { t } = useTranslation();
  const { text } = useMessage();
  return (
    <div className="batch-edit__fields">
      {FIELDS.filter(
        (field) =>
          (single || field !== 'title') && (!uploaderTagsOnly || UPLOADER_FIELDS.has(field)),
      ).map((field, index) => {
        const error = errors[field];
        return (
          <TextField
            key={field}
            label={t(`tracks.edit.fields.${field}`)}
            value={values[field]}
            onChange={(value) => onChange(field, value)}
            placeholder={single ? undefined : t('tracks.edit.keep')}
            inputMode={field === 'year' ? 'numeric' : undefined}
            error={error ? text(error) : undefined}
            {...(index === 0 ? { 'data-autofocus': true } : {})}
          />
        );
      })}
    </div>
  );
}

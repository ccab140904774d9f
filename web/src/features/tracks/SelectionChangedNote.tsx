import { useTranslation } from 'react-i18next';
import { Alert } from '../../ui/Alert';

type SelectionChangedNoteProps = { chosen: number; left: number };

/** Tells the person editing that someone removed tracks they had chosen, and what Save does. */
export function SelectionChangedNote({ chosen, left }: SelectionChangedNoteProps) {
  const { t } = useTranslation();
  if (left === chosen) return null;
  return (
    <Alert tone="info">
      {left === 0
        ? t('tracks.edit.allRemoved')
        : t('tracks.edit.someRemoved', { count: chosen - left, left })}
    </Alert>
  );
}

import { useTranslation } from 'react-i18next';
import { Copy } from 'lucide-react';
import type { UploadView } from '@music-rooms/domain/tracks';
import { DuplicateRow } from './DuplicateRow';

type DuplicateChooserProps = { duplicates: UploadView[] };

/**
 * Uploads that match a track already in the room wait for the uploader: skip the new one, keep
 * both, or replace the old track's audio (its title and tags stay).
 */
export function DuplicateChooser({ duplicates }: DuplicateChooserProps) {
  const { t } = useTranslation();
  return (
    <div className="uploads__group duplicates">
      <h3 className="uploads__title">
        <Copy aria-hidden size={15} /> {t('tracks.duplicates.title', { count: duplicates.length })}
      </h3>
      <ul className="uploads__list">
        {duplicates.map((upload) => (
          <DuplicateRow key={upload.uploadId} upload={upload} />
        ))}
      </ul>
      <p className="duplicates__hint">{t('tracks.duplicates.hint')}</p>
    </div>
  );
}

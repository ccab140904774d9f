import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadView } from '@music-rooms/domain/tracks';
import type { DuplicateChoice } from '@music-rooms/domain/schemas/tracks';
import { Button } from '../../ui/Button';
import { notify } from '../../app/toasts/toast-store';
import { useErrorText } from '../../app/forms/useErrorText';
import { resolveDuplicate } from './tracks-api';

const CHOICES: DuplicateChoice[] = ['skip', 'keepBoth', 'replace'];

type DuplicateRowProps = { upload: UploadView };

/** One upload that matched a track: which track, and the three choices. */
export function DuplicateRow({ upload }: DuplicateRowProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [busy, setBusy] = useState<DuplicateChoice | null>(null);
  const existing = upload.duplicateOf;
  const choose = async (choice: DuplicateChoice) => {
    setBusy(choice);
    try {
      await resolveDuplicate(upload.uploadId, choice);
    } catch (error) {
      setBusy(null);
      notify({ variant: 'error', title: errorText(error, 'tracks.errors.uploadFailed') });
    }
  };
  return (
    <li
      className="duplicate"
      aria-label={t('tracks.duplicates.rowLabel', { file: upload.fileName })}
    >
      <p className="duplicate__text">
        {t('tracks.duplicates.matches', {
          file: upload.fileName,
          title: existing ? [existing.artist, existing.title].filter(Boolean).join(' — ') : '',
        })}
      </p>
      <div className="duplicate__choices" role="group" aria-label={t('tracks.duplicates.choose')}>
        {CHOICES.map((choice) => (
          <Button
            key={choice}
            size="sm"
            variant={choice === 'skip' ? 'secondary' : choice === 'replace' ? 'danger' : 'primary'}
            busy={busy === choice}
            disabled={busy !== null && busy !== choice}
            onClick={() => void choose(choice)}
          >
            {t(`tracks.duplicates.${choice}`)}
          </Button>
        ))}
      </div>
    </li>
  );
}

import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';

type UnmatchedFilesProps = { files: File[]; onUpload: () => void; onDismiss: () => void };

/**
 * Files chosen to resume an unfinished upload that fit none of its items: said so, and sent
 * only if the person asks (a new upload, from the first byte).
 */
export function UnmatchedFiles({ files, onUpload, onDismiss }: UnmatchedFilesProps) {
  const { t } = useTranslation();
  const names = files.map((file) => file.name).join(', ');
  return (
    <div className="resume-batch__unmatched">
      <Alert tone="info">{t('tracks.resume.unmatched', { count: files.length, names })}</Alert>
      <div className="resume-batch__actions">
        <Button size="sm" variant="secondary" icon={Upload} onClick={onUpload}>
          {t('tracks.resume.uploadAsNew', { count: files.length })}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          {t('tracks.resume.dismiss')}
        </Button>
      </div>
    </div>
  );
}

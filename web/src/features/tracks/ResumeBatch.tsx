import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, FileQuestion, History, Trash2 } from 'lucide-react';
import { Button } from '../../ui/Button';
import { UnmatchedFiles } from './UnmatchedFiles';
import { UploadButton } from './UploadButton';
import type { UploadItem } from './upload-queue';
import { useTrackFormat } from './useTrackFormat';

type ResumeBatchProps = {
  items: UploadItem[];
  /** Resumes the items the files match; answers the files that match none. */
  onFiles: (files: File[]) => File[];
  onUploadAsNew: (files: File[]) => void;
  onDiscard: () => void;
};

/**
 * An unfinished batch from before a reload: its files have to be chosen again (the browser
 * cannot reopen them by itself). Each item says whether a chosen file matched it; matched ones
 * go on from where the server stopped.
 */
export function ResumeBatch({ items, onFiles, onUploadAsNew, onDiscard }: ResumeBatchProps) {
  const { t } = useTranslation();
  const [unmatched, setUnmatched] = useState<File[]>([]);
  const format = useTrackFormat();
  const batch = items.filter((item) => item.phase === 'missing' || item.resumed);
  const missing = batch.filter((item) => item.phase === 'missing').length;
  return (
    <div className="uploads__group resume-batch">
      <div className="resume-batch__head">
        <History aria-hidden size={18} />
        <div>
          <h3 className="uploads__title">{t('tracks.resume.title')}</h3>
          <p className="resume-batch__text">
            {t('tracks.resume.text', { count: missing, total: batch.length })}
          </p>
        </div>
      </div>
      <ul className="uploads__list" aria-label={t('tracks.resume.items')}>
        {batch.map((item) => (
          <li key={item.key} className="resume-item" aria-label={item.fileName}>
            {item.phase === 'missing' ? (
              <FileQuestion aria-hidden size={15} />
            ) : (
              <Check aria-hidden size={15} />
            )}
            <span className="upload-item__name">{item.fileName}</span>
            <span className="resume-item__size">{format.bytes(item.size)}</span>
            <span
              className={`resume-item__state resume-item__state--${item.phase === 'missing' ? 'missing' : 'matched'}`}
            >
              {item.phase === 'missing' ? t('tracks.resume.missing') : t('tracks.resume.matched')}
            </span>
          </li>
        ))}
      </ul>
      {unmatched.length > 0 && (
        <UnmatchedFiles
          files={unmatched}
          onUpload={() => {
            onUploadAsNew(unmatched);
            setUnmatched([]);
          }}
          onDismiss={() => setUnmatched([])}
        />
      )}
      <div className="resume-batch__actions">
        <UploadButton
          onFiles={(files) => setUnmatched(onFiles(files))}
          label={t('tracks.resume.choose')}
        />
        <Button size="sm" variant="ghost" icon={Trash2} onClick={onDiscard}>
          {t('tracks.resume.discard')}
        </Button>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Upload } from 'lucide-react';

/** Shown over the whole page while files are dragged over it. */
export function DropOverlay() {
  const { t } = useTranslation();
  return (
    <div className="drop-overlay" role="status" aria-live="polite">
      <div className="drop-overlay__box">
        <Upload aria-hidden size={40} />
        <p className="drop-overlay__title">{t('tracks.drop.title')}</p>
        <p className="drop-overlay__text">{t('tracks.drop.text')}</p>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCcw, Trash2, X } from 'lucide-react';
import { YANDEX_MUSIC_ERRORS, type ImportView } from '@music-rooms/domain/yandex-music';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { useErrorText } from '../../app/forms/useErrorText';
import { cancelImport, removeFailed, retryImport } from './import-api';
import { countsOf, downloadStateOf } from './import-state';
import { ImportItemRow } from './ImportItemRow';

type ImportProgressProps = { view: ImportView; token: string | null };

/**
 * One import as it goes: the download state (downloading, started, finished), each track's
 * progress and errors with retry or remove (a failed track is only ever shown here), cancel
 * while it runs (saying which tracks were already added and stay), and the summary at the end.
 */
export function ImportProgress({ view, token }: ImportProgressProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const counts = countsOf(view);
  const state = downloadStateOf(view, false);
  const act = (work: () => Promise<unknown>, fallback: string) => {
    setError(null);
    work().catch((failure: unknown) => setError(errorText(failure, fallback)));
  };
  const remove = (itemIds?: string[]) =>
    act(() => removeFailed(view.importId, itemIds), YANDEX_MUSIC_ERRORS.importNotFound);
  const retry = (itemIds?: string[]) =>
    token
      ? act(
          () => retryImport(token, view.importId, itemIds),
          YANDEX_MUSIC_ERRORS.downloadProcessingFailed,
        )
      : setError(t('yandexMusic.errors.enterTokenFirst'));

  return (
    <section
      className="import-progress"
      aria-label={view.title ?? t('yandexMusic.progress.untitled')}
    >
      <header className="import-progress__head">
        <strong>{view.title ?? t('yandexMusic.progress.untitled')}</strong>
        <span className="import-progress__state" data-state={state}>
          {view.status !== 'cancelled'
            ? t(`yandexMusic.state.${state}`, {
                done: counts.fetched,
                ready: counts.ready,
                total: counts.total,
              })
            : counts.ready > 0
              ? t('yandexMusic.progress.cancelledKept', { count: counts.ready })
              : t('yandexMusic.progress.cancelled')}
        </span>
      </header>
      {counts.active > 0 && counts.failed > 0 && (
        <Alert tone="info">
          {t('yandexMusic.errors.someTracksFailed', { count: counts.failed })}
        </Alert>
      )}
      <ul className="import-progress__items">
        {view.items.map((item) => (
          <ImportItemRow
            key={item.itemId}
            item={item}
            onRetry={view.status === 'cancelled' ? null : () => retry([item.itemId])}
            onRemove={() => remove([item.itemId])}
          />
        ))}
      </ul>
      {counts.active === 0 && view.status !== 'cancelled' && (
        <p className="import-progress__summary" role="status">
          {t('yandexMusic.progress.summary', counts)}
        </p>
      )}
      <div className="import-progress__actions">
        {counts.failed > 1 && view.status !== 'cancelled' && (
          <Button size="sm" icon={RotateCcw} onClick={() => retry()}>
            {t('yandexMusic.progress.retryAll')}
          </Button>
        )}
        {counts.failed > 1 && (
          <Button size="sm" variant="ghost" icon={Trash2} onClick={() => remove()}>
            {t('yandexMusic.progress.removeFailed')}
          </Button>
        )}
        {view.status === 'active' && (
          <Button
            size="sm"
            variant="ghost"
            icon={X}
            onClick={() =>
              act(() => cancelImport(view.importId), YANDEX_MUSIC_ERRORS.importNotFound)
            }
          >
            {t('yandexMusic.progress.cancel')}
          </Button>
        )}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
    </section>
  );
}

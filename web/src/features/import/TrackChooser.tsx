import { useTranslation } from 'react-i18next';
import type { ServiceTrack } from '@music-rooms/domain/yandex-music';
import { Button } from '../../ui/Button';
import { formatClock } from '../tracks/format';

type TrackChooserProps = {
  tracks: readonly ServiceTrack[];
  chosen: ReadonlySet<string>;
  onChange: (chosen: Set<string>) => void;
};

/** Why a track cannot be chosen: it needs a subscription the token's account lacks, or is not offered. */
const REASONS = {
  premium: 'yandexMusic.preview.premiumReason',
  unavailable: 'yandexMusic.preview.unavailableReason',
} as const;

/**
 * Each track with a checkbox, its duration and availability; select all or none. Only tracks
 * the token's account may download can be chosen; the others say why not.
 */
export function TrackChooser({ tracks, chosen, onChange }: TrackChooserProps) {
  const { t } = useTranslation();
  const choosable = tracks.filter((track) => track.availability === 'available');
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange(next);
  };
  return (
    <div className="import-chooser">
      <div className="import-chooser__bar">
        <span>
          {t('yandexMusic.preview.selected', { count: chosen.size, total: tracks.length })}
        </span>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange(new Set(choosable.map((x) => x.id)))}
        >
          {t('yandexMusic.preview.selectAll')}
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onChange(new Set())}>
          {t('yandexMusic.preview.selectNone')}
        </Button>
      </div>
      <ul className="import-chooser__list" aria-label={t('yandexMusic.preview.tracks')}>
        {tracks.map((track) => {
          const reason = track.availability === 'available' ? null : REASONS[track.availability];
          const reasonId = `import-track-reason-${track.id}`;
          return (
            <li key={track.id} className="import-track" data-availability={track.availability}>
              <label className="import-track__label">
                <input
                  type="checkbox"
                  checked={chosen.has(track.id)}
                  disabled={reason !== null}
                  aria-label={t('yandexMusic.preview.choose', { title: track.title })}
                  {...(reason ? { 'aria-describedby': reasonId } : {})}
                  onChange={() => toggle(track.id)}
                />
                <span className="import-track__names">
                  <span className="import-track__title">{track.title}</span>
                  <span className="import-track__artist">{track.artists}</span>
                  {reason && (
                    <span className="import-track__reason" id={reasonId}>
                      {t(reason)}
                    </span>
                  )}
                </span>
              </label>
              <span className="import-track__duration">{formatClock(track.durationMs)}</span>
              <span className={`import-badge import-badge--${track.availability}`}>
                {t(`yandexMusic.availability.${track.availability}`)}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { TrackExternalIds } from '@music-rooms/domain/tracks';

type ExternalIdsProps = { external: TrackExternalIds };

/** The fields only a super administrator sees (spec §3). */
export function ExternalIds({ external }: ExternalIdsProps) {
  const { t } = useTranslation();
  const none = t('tracks.info.none');
  const artists = Object.entries(external.artistExternalIds);
  return (
    <section className="track-external" aria-label={t('tracks.info.external')}>
      <h4 className="track-external__title">{t('tracks.info.external')}</h4>
      <dl className="track-facts">
        <div className="track-facts__row">
          <dt>ISRC</dt>
          <dd>{external.isrc ?? none}</dd>
        </div>
        <div className="track-facts__row">
          <dt>{t('tracks.info.spotifyId')}</dt>
          <dd>{external.spotifyId ?? none}</dd>
        </div>
        <div className="track-facts__row">
          <dt>{t('tracks.info.serviceTrackId')}</dt>
          <dd>{external.serviceTrackId ?? none}</dd>
        </div>
        <div className="track-facts__row">
          <dt>{t('tracks.info.artistIds')}</dt>
          <dd>
            {artists.length > 0
              ? artists.map(([service, id]) => `${service}: ${id}`).join(', ')
              : none}
          </dd>
        </div>
      </dl>
    </section>
  );
}

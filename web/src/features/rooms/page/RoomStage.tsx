import { useTranslation } from 'react-i18next';
import { Disc3, ListMusic, Play } from 'lucide-react';
import { EmptyState } from '../../../ui/EmptyState';
import { Panel } from '../../../ui/Panel';

/**
 * Where the room's music lives: the playlist, the current track's info and the player bar.
 * Until tracks can be added they say plainly that nothing is there yet.
 */
export function RoomStage() {
  const { t } = useTranslation();
  return (
    <>
      <div className="room-stage">
        <Panel title={t('room.playlist')}>
          <EmptyState icon={ListMusic} title={t('room.emptyTitle')} text={t('room.emptyText')} />
        </Panel>
        <Panel title={t('room.trackInfo')}>
          <div className="track-info-empty">
            <span className="track-info-empty__cover" aria-hidden>
              <Disc3 size={40} strokeWidth={1.6} />
            </span>
            <p className="track-info-empty__title">{t('room.trackInfoEmpty')}</p>
            <p className="track-info-empty__text">{t('room.trackInfoText')}</p>
          </div>
        </Panel>
      </div>
      <section className="player-bar" aria-label={t('room.player')}>
        <button type="button" className="player-bar__play" aria-label={t('room.play')} disabled>
          <Play aria-hidden size={20} />
        </button>
        <p className="player-bar__status">{t('room.playerIdle')}</p>
        <div className="player-bar__progress" aria-hidden>
          <span />
        </div>
      </section>
    </>
  );
}

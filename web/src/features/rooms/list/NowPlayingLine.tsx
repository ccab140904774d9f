import { useTranslation } from 'react-i18next';
import type { RoomNowPlaying } from '@music-rooms/domain/rooms';
import { cx } from '../../../lib/cx';

type NowPlayingLineProps = { nowPlaying: RoomNowPlaying };

/** "Title — Artist", marked as playing (moving bars) or paused. */
export function NowPlayingLine({ nowPlaying }: NowPlayingLineProps) {
  const { t } = useTranslation();
  const { title, artist, playing } = nowPlaying;
  const label = artist ? t('rooms.card.track', { title, artist }) : title;
  return (
    <p className={cx('now-playing-line', playing && 'now-playing-line--playing')}>
      <span className="now-playing-line__bars" aria-hidden>
        <span />
        <span />
        <span />
      </span>
      <span className="now-playing-line__status">
        {playing ? t('rooms.card.playing') : t('rooms.card.paused')}
      </span>
      <span className="now-playing-line__track" title={label}>
        {label}
      </span>
    </p>
  );
}

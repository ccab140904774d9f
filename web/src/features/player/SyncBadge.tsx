import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { useRealtimeStatus } from '../../lib/realtime/useRealtimeStatus';
import { SyncPopover } from './SyncPopover';
import { useBadgeState } from './useBadgeState';
import type { PlayerModel } from './usePlayer';

type SyncBadgeProps = { player: PlayerModel };

/**
 * How this page stands with the room (spec §4): not playing, syncing, in sync, sync error,
 * reconnecting while the connection to the server is lost and back in sync once it returns. A
 * click (or Enter) opens the sync popover, playing or not: how far what it plays is from the
 * room, the output's latency, the server's clock, this device's output delay and what can be
 * done about it. While autoplay is blocked it is the "click to start playback" button instead.
 */
export function SyncBadge({ player }: SyncBadgeProps) {
  const { t } = useTranslation();
  const badge = useBadgeState(player.status.sync, useRealtimeStatus());
  if (badge === 'blocked') {
    return (
      <button type="button" className="sync-start" onClick={player.unlock}>
        {t('player.startPlayback')}
      </button>
    );
  }
  return (
    <SyncPopover
      player={player}
      trigger={
        <button type="button" className={cx('sync-badge', `sync-badge--${badge}`)}>
          <span className="sync-badge__state" role="status">
            <span className="sync-badge__dot" aria-hidden />
            {t(`player.sync.${badge}`)}
          </span>
        </button>
      }
    />
  );
}

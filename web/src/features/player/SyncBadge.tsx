import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { useRealtimeStatus } from '../../lib/realtime/useRealtimeStatus';
import { Tooltip } from '../../ui/Tooltip';
import { useBadgeState } from './useBadgeState';
import type { PlayerModel } from './usePlayer';

type SyncBadgeProps = { player: PlayerModel };

/**
 * How this page stands with the room (spec §4): syncing, in sync, sync error, reconnecting
 * while the connection to the server is lost and back in sync once it returns; on hover, how far
 * what it plays is from the room and how well it knows the server's clock. While autoplay is
 * blocked it is the "click to start playback" button instead.
 */
export function SyncBadge({ player }: SyncBadgeProps) {
  const { t } = useTranslation();
  const { sync, driftMs } = player.status;
  const badge = useBadgeState(sync, useRealtimeStatus());
  if (badge === 'idle') return null;
  if (badge === 'blocked') {
    return (
      <button type="button" className="sync-start" onClick={player.unlock}>
        {t('player.startPlayback')}
      </button>
    );
  }
  const estimate = player.clock.estimate();
  const details = (
    <span className="sync-badge__details">
      <span>
        {driftMs === null
          ? t('player.offsetUnknown')
          : t('player.offset', { drift: driftMs.toFixed(1) })}
      </span>
      {estimate && (
        <span>
          {t('player.clock', {
            error: estimate.errorBoundMs.toFixed(1),
            rtt: estimate.rttMs.toFixed(1),
          })}
        </span>
      )}
    </span>
  );
  return (
    <Tooltip content={details} side="top">
      <span className={cx('sync-badge', `sync-badge--${badge}`)} tabIndex={0} role="status">
        <span className="sync-badge__dot" aria-hidden />
        {t(`player.sync.${badge}`)}
      </span>
    </Tooltip>
  );
}

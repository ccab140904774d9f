import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopoverSection } from '../../ui/Popover';
import type { PlayerModel } from './usePlayer';

/** The figures are read again this often while shown: the clock and the output move on. */
const REFRESH_MS = 500;

/** Re-renders every `ms` while mounted. */
function useRefresh(ms: number): void {
  const [, setCount] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setCount((count) => count + 1), ms);
    return () => clearInterval(timer);
  }, [ms]);
}

const ms = (value: number) => value.toFixed(1);

/**
 * The server's clock against this device's own (`Date.now()`): the estimate's offset is to
 * `performance.now()`, which counts from the page's opening, a figure that means nothing to read.
 */
const fromDeviceClock = (offsetMs: number) => offsetMs - (Date.now() - performance.now());

/**
 * How this device stands with the room: the drift of what it plays, how late its output sounds
 * (as the engine reckons, as the browser reports, and the delay set for the device), and how
 * well it knows the server's clock.
 */
export function SyncDetails({ player }: { player: PlayerModel }) {
  const { t } = useTranslation();
  useRefresh(REFRESH_MS);
  const { driftMs } = player.status;
  const output = player.engine.outputInfo();
  const estimate = player.clock.estimate();
  return (
    <PopoverSection>
      <dl className="sync-details">
        <dt>{t('player.syncPanel.drift')}</dt>
        <dd>
          {driftMs === null
            ? t('player.syncPanel.notMeasured')
            : t('player.syncPanel.ms', { value: ms(driftMs) })}
        </dd>
        <dt>{t('player.syncPanel.latency')}</dt>
        <dd>
          {output.latencyMs === null
            ? t('player.syncPanel.notMeasured')
            : t('player.syncPanel.ms', { value: ms(output.latencyMs) })}
          {output.reportedMs !== null && (
            <span className="sync-details__note">
              {t('player.syncPanel.reported', { value: ms(output.reportedMs) })}
            </span>
          )}
        </dd>
        <dt>{t('player.syncPanel.delayInUse')}</dt>
        <dd>{t('player.syncPanel.ms', { value: output.delayMs })}</dd>
        <dt>{t('player.syncPanel.clockOffset')}</dt>
        <dd>
          {estimate === null
            ? t('player.syncPanel.notMeasured')
            : t('player.syncPanel.clock', {
                offset: ms(fromDeviceClock(estimate.offsetMs)),
                error: ms(estimate.errorBoundMs),
                rtt: ms(estimate.rttMs),
              })}
        </dd>
      </dl>
    </PopoverSection>
  );
}

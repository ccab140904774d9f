import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Popover } from '../../ui/Popover';
import { CalibrateSection } from './calibration/CalibrateSection';
import { TestSoundSection } from './room-sounds/TestSoundSection';
import { OutputDelayControl } from './OutputDelayControl';
import { SyncDetails } from './SyncDetails';
import { TapAlong } from './TapAlong';
import type { PlayerModel } from './usePlayer';

type SyncPopoverProps = { player: PlayerModel; trigger: ReactElement };

/**
 * What the sync badge opens: how this device stands with the room, then what can be done about
 * its timing, one section after another (each a `PopoverSection` of its own file).
 */
export function SyncPopover({ player, trigger }: SyncPopoverProps) {
  const { t } = useTranslation();
  return (
    <Popover
      trigger={trigger}
      title={t('player.syncPanel.title')}
      closeLabel={t('player.syncPanel.close')}
      className="sync-popover"
    >
      <SyncDetails player={player} />
      <OutputDelayControl player={player} />
      <TapAlong player={player} />
      <TestSoundSection player={player} />
      <CalibrateSection player={player} />
    </Popover>
  );
}

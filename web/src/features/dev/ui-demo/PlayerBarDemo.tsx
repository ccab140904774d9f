import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session/useSession';
import { Panel } from '../../../ui/Panel';
import { SegmentedControl } from '../../../ui/SegmentedControl';
import { Switch } from '../../../ui/Switch';
import { SYNC_STATES, type SyncState } from '../../player/engine/sync-state';
import { PlayerBar } from '../../player/PlayerBar';
import { demoPlayerView, demoRoom } from './demo-data';
import { useDemoPlayer } from './useDemoPlayer';

/**
 * The player bar as it is in a room, in the sync state picked here (idle, syncing, in sync,
 * sync error, blocked: "click to start playback"), playing or paused.
 */
export function PlayerBarDemo() {
  const { t } = useTranslation();
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  const [sync, setSync] = useState<SyncState>('inSync');
  const [playing, setPlaying] = useState(true);
  const view = useMemo(() => demoPlayerView(playing, viewerId), [playing, viewerId]);
  const room = useMemo(() => demoRoom(viewerId), [viewerId]);
  const player = useDemoPlayer(sync, view);
  return (
    <Panel title={t('dev.uiDemo.playerBar')}>
      <SegmentedControl
        legend={t('dev.uiDemo.syncState')}
        value={sync}
        onChange={setSync}
        options={SYNC_STATES.map((state) => ({
          value: state,
          label: t(`dev.uiDemo.sync.${state}`),
        }))}
      />
      <Switch label={t('dev.uiDemo.playing')} checked={playing} onChange={setPlaying} />
      <div className="ui-demo__player">
        <PlayerBar room={room} pass={{}} player={player} empty={false} />
      </div>
    </Panel>
  );
}

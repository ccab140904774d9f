import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackId } from '@music-rooms/domain/ids';
import { Panel } from '../../../ui/Panel';
import { Switch } from '../../../ui/Switch';
import { TrackRow } from '../../tracks/TrackRow';
import { useSelection } from '../../tracks/useSelection';
import { demoTracks } from './demo-data';

/** The track row in each of its states: playing, new, plain, processing; selectable. */
export function TracksDemo() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TrackId | null>(null);
  const [now] = useState(() => Date.now());
  const selection = useSelection([...demoTracks]);
  const actions = {
    pass: {},
    canManage: false,
    selection,
    onOpen: setOpen,
    playback: { current: demoTracks[0]!._id, onPlay: () => {} },
    // Not managed here, so the playlist actions never show.
    playlists: { shown: null, all: [] },
  };
  return (
    <Panel title={t('dev.uiDemo.trackRow')}>
      <Switch
        label={t('dev.uiDemo.selectMode')}
        checked={selection.active}
        onChange={selection.setActive}
      />
      <div role="list" className="ui-demo__tracks">
        {demoTracks.map((track) => (
          <TrackRow
            key={track._id}
            track={track}
            now={now}
            open={open === track._id}
            actions={actions}
            style={{}}
          />
        ))}
      </div>
    </Panel>
  );
}

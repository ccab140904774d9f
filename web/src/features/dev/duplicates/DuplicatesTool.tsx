import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomId, TrackId } from '@music-rooms/domain/ids';
import type { DevDuplicateGroup, DevDuplicateResolution } from '@music-rooms/domain/dev-tracks';
import { Alert } from '../../../ui/Alert';
import { Panel } from '../../../ui/Panel';
import { Select } from '../../../ui/Select';
import { callAction } from '../../../lib/api/functions';
import { useTimedCall } from '../useTimedCall';
import { DuplicateGroup } from './DuplicateGroup';

const ALL = 'all';

/**
 * /dev/duplicates: the rooms' tracks that the upload duplicate rule takes for the same, a group
 * each; a super administrator keeps one copy and deletes the others, or merges them into it.
 */
export function DuplicatesTool() {
  const { t } = useTranslation();
  const [roomId, setRoomId] = useState<string>(ALL);
  const list = useTimedCall(readDuplicates);
  const resolve = useTimedCall(resolveDuplicates);
  const { start: load } = list;
  const room = roomId === ALL ? null : (roomId as RoomId);

  useEffect(() => {
    const timer = setTimeout(() => void load(room));
    return () => clearTimeout(timer);
  }, [room, load]);

  const found = list.result?.value;
  const onResolve = async (
    group: DevDuplicateGroup,
    keepIndex: number,
    resolution: DevDuplicateResolution,
  ) => {
    const keep = group.tracks[keepIndex]!;
    const others = group.tracks.filter((_, index) => index !== keepIndex).map((track) => track.id);
    if (await resolve.start(keep.id, others, resolution)) void load(room);
  };

  return (
    <>
      <Panel
        title={t('dev.duplicates.scope')}
        aside={
          list.result && (
            <span className="dev-muted">
              {t('dev.duplicates.found', { count: found?.groups.length ?? 0, ms: list.result.ms })}
            </span>
          )
        }
      >
        <p className="dev-muted">{t('dev.duplicates.rule')}</p>
        <Select
          aria-label={t('dev.duplicates.room')}
          value={roomId}
          onChange={setRoomId}
          options={[
            { value: ALL, label: t('dev.duplicates.allRooms') },
            ...(found?.rooms ?? []).map((r) => ({ value: r.id as string, label: r.name })),
          ]}
        />
        {list.error && <Alert tone="error">{list.error}</Alert>}
        {resolve.error && <Alert tone="error">{resolve.error}</Alert>}
        {resolve.result && (
          <Alert tone="success">
            {t('dev.duplicates.removed', { count: resolve.result.value.removed })}
          </Alert>
        )}
        {found && found.groups.length === 0 && (
          <p className="dev-muted">{t('dev.duplicates.none')}</p>
        )}
      </Panel>
      {found?.groups.map((group) => (
        <DuplicateGroup
          key={group.tracks[0]!.id}
          group={group}
          busy={resolve.busy}
          onResolve={(keepIndex, resolution) => void onResolve(group, keepIndex, resolution)}
        />
      ))}
    </>
  );
}

/** The duplicate groups of one room, or of every room. */
const readDuplicates = (roomId: RoomId | null) =>
  callAction('devTracks.duplicates', roomId ? { roomId } : {});

/** Keeps one copy of a group and deletes or merges the others into it. */
const resolveDuplicates = (
  keepId: TrackId,
  removeIds: TrackId[],
  resolution: DevDuplicateResolution,
) => callAction('devTracks.resolveDuplicates', { keepId, removeIds, resolution });

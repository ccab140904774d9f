import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { devTrackMediaPath, type DevDuplicateGroup } from '@music-rooms/domain/dev-tracks';
import type { DevDuplicateResolution } from '@music-rooms/domain/dev-tracks';
import { Button } from '../../../ui/Button';
import { Panel } from '../../../ui/Panel';
import { useTrackFormat } from '../../tracks/useTrackFormat';
import { DevTable } from '../DevTable';

type DuplicateGroupProps = {
  group: DevDuplicateGroup;
  busy: boolean;
  onResolve: (keepIndex: number, resolution: DevDuplicateResolution) => void;
};

/** One group of copies: pick the one to keep, then delete the others or merge them into it. */
export function DuplicateGroup({ group, busy, onResolve }: DuplicateGroupProps) {
  const { t } = useTranslation();
  const format = useTrackFormat();
  const [keepIndex, setKeepIndex] = useState(0);
  const first = group.tracks[0]!;
  const name = `keep-${first.id}`;
  return (
    <Panel
      title={t('dev.duplicates.groupTitle', {
        title: first.title,
        room: group.room.name,
      })}
      aside={<span className="dev-badge">{t(`dev.duplicates.reasons.${group.reason}`)}</span>}
    >
      <DevTable
        label={t('dev.duplicates.groupTitle', { title: first.title, room: group.room.name })}
        headings={[
          t('dev.duplicates.keep'),
          t('dev.duplicates.track'),
          t('dev.duplicates.size'),
          t('dev.duplicates.length'),
          t('dev.duplicates.file'),
          t('dev.duplicates.uploaded'),
        ]}
        rows={group.tracks}
      >
        {group.tracks.map((track, index) => (
          <tr key={track.id}>
            <td>
              <input
                type="radio"
                name={name}
                checked={keepIndex === index}
                onChange={() => setKeepIndex(index)}
                aria-label={t('dev.duplicates.keepThis', { title: track.title, n: index + 1 })}
              />
            </td>
            <td>
              <div className="dev-name">
                {track.coverVersion === null ? (
                  <span className="dev-thumb" />
                ) : (
                  <img
                    className="dev-thumb"
                    src={`${devTrackMediaPath(track.id, 'cover')}?v=${track.coverVersion}`}
                    alt=""
                    loading="lazy"
                  />
                )}
                <span>
                  <strong>{track.title}</strong>
                  <span className="dev-muted">{track.artist ?? t('dev.spotify.unknown')}</span>
                </span>
              </div>
            </td>
            <td className="dev-num">{format.bytes(track.sizeBytes)}</td>
            <td className="dev-num">{format.clock(track.durationMs)}</td>
            <td className="dev-code">
              {[track.format, track.bitrate && `${Math.round(track.bitrate / 1000)} kbps`]
                .filter(Boolean)
                .join(' · ')}
              <span className="dev-muted">{track.contentHash?.slice(0, 12)}</span>
            </td>
            <td>
              {format.date(track.uploadedAt)}
              <span className="dev-muted">{track.uploaderName ?? ''}</span>
            </td>
          </tr>
        ))}
      </DevTable>
      <div className="button-row">
        <Button disabled={busy} onClick={() => onResolve(keepIndex, 'delete')}>
          {t('dev.duplicates.deleteOthers')}
        </Button>
        <Button variant="primary" disabled={busy} onClick={() => onResolve(keepIndex, 'merge')}>
          {t('dev.duplicates.merge')}
        </Button>
      </div>
      <p className="dev-muted">{t('dev.duplicates.mergeHint')}</p>
    </Panel>
  );
}

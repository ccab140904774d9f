import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TrackDetails } from '@music-rooms/domain/tracks';
import { useTrackFormat } from './useTrackFormat';

type TrackFactsProps = { track: TrackDetails };

/** Tags and the file's facts: album, year, genre, duration, size, format, who and when, source. */
export function TrackFacts({ track }: TrackFactsProps) {
  const { t } = useTranslation();
  const format = useTrackFormat();
  const file = [
    track.format?.toUpperCase(),
    track.bitrate ? t('tracks.info.kbps', { value: Math.round(track.bitrate / 1000) }) : null,
    track.sampleRate ? t('tracks.info.khz', { value: track.sampleRate / 1000 }) : null,
  ].filter(Boolean);
  const facts: [string, ReactNode][] = [
    [t('tracks.edit.fields.album'), track.album],
    [t('tracks.edit.fields.year'), track.year],
    [t('tracks.edit.fields.genre'), track.genre],
    [t('tracks.info.duration'), format.clock(track.durationMs)],
    [t('tracks.info.size'), format.bytes(track.sizeBytes)],
    [t('tracks.info.format'), file.length > 0 ? file.join(' · ') : null],
    [t('tracks.info.uploader'), track.uploadedBy?.name ?? t('tracks.info.unknownUploader')],
    [t('tracks.info.uploadedAt'), format.date(track.uploadedAt)],
    [t('tracks.info.source'), t(`tracks.info.sources.${track.source}`)],
    [t('tracks.info.status'), t(`tracks.status.${track.status}`)],
    [t('tracks.info.fileName'), track.originalFileName],
  ];
  return (
    <dl className="track-facts">
      {facts
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => (
          <div key={label} className="track-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

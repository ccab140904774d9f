import {
  asUserId,
  type TrackDetails,
  type TrackSummary,
  type UploadView,
} from '@music-rooms/domain';
import type { TrackRow, TrackWithUploader } from './store';
import type { UploadRow } from './upload-store';

/** The track as the list shows it to anyone who may view its room. */
export function trackSummary(row: TrackWithUploader): TrackSummary {
  return {
    _id: row.id,
    roomId: row.roomId,
    playlistIds: row.playlistIds,
    title: row.title,
    artist: row.artist,
    album: row.album,
    year: row.year,
    genre: row.genre,
    durationMs: row.durationMs,
    sizeBytes: row.sizeBytes,
    status: row.status,
    failure: row.failure,
    source: row.source,
    coverVersion: row.coverKey ? row.coverVersion : null,
    uploadedBy:
      row.uploadedBy && row.uploaderName !== null
        ? {
            _id: asUserId(row.uploadedBy),
            name: row.uploaderName,
            username: row.uploaderUsername ?? '',
          }
        : null,
    uploadedAt: row.uploadedAt.getTime(),
    loudnessLufs: row.loudnessLufs,
  };
}

const peaksOf = (waveform: string | null): number[] =>
  waveform ? [...Buffer.from(waveform, 'base64')] : [];

/** The track info panel; the external ids only for a super administrator. */
export function trackDetails(row: TrackWithUploader, superAdmin: boolean): TrackDetails {
  return {
    ...trackSummary(row),
    waveform: peaksOf(row.waveform),
    format: row.format,
    bitrate: row.bitrate,
    sampleRate: row.sampleRate,
    originalFileName: row.originalFileName,
    hasFileCover: row.embeddedCoverKey !== null,
    coverIsFileCover: row.coverKey !== null && row.coverKey === row.embeddedCoverKey,
    external: superAdmin
      ? {
          isrc: row.isrc,
          spotifyId: row.spotifyId,
          serviceTrackId: row.serviceTrackId,
          artistExternalIds: row.artistExternalIds,
        }
      : null,
  };
}

const withoutUploader = (row: TrackRow): TrackWithUploader => ({
  ...row,
  uploaderName: null,
  uploaderUsername: null,
  playlistIds: [],
});

export function uploadView(row: UploadRow, duplicate: TrackRow | null): UploadView {
  return {
    uploadId: row.id,
    roomId: row.roomId,
    playlistId: row.playlistId,
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    status: row.status,
    failure: row.failure,
    trackId: row.trackId,
    duplicateOf: duplicate ? trackSummary(withoutUploader(duplicate)) : null,
    createdAt: row.createdAt.getTime(),
  };
}

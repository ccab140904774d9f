import type { ImportItemView, ImportView } from '@music-rooms/domain/yandex-music';

/**
 * The streaming-service download as the modal shows it (spec §4): idle (nothing asked yet, or
 * a new preview), downloading (tracks still to fetch), started (every file is in; the room is
 * adding them), finished (nothing left to do).
 */
export type DownloadState = 'idle' | 'downloading' | 'started' | 'finished';

const WAITING = new Set(['queued', 'downloading']);

export function downloadStateOf(view: ImportView | null, requesting: boolean): DownloadState {
  if (requesting) return 'downloading';
  if (!view || view.status === 'cancelled') return 'idle';
  if (view.items.some((item) => WAITING.has(item.status))) return 'downloading';
  return view.items.some((item) => item.status === 'processing') ? 'started' : 'finished';
}

export type ImportCounts = {
  total: number;
  /** Downloaded or decided: everything but the tracks still to fetch. */
  fetched: number;
  ready: number;
  duplicate: number;
  failed: number;
  active: number;
};

export function countsOf(view: ImportView): ImportCounts {
  const count = (...statuses: ImportItemView['status'][]) =>
    view.items.filter((item) => statuses.includes(item.status)).length;
  return {
    total: view.items.length,
    fetched: view.items.length - count('queued', 'downloading'),
    ready: count('ready'),
    duplicate: count('duplicate'),
    failed: count('failed'),
    active: count('queued', 'downloading', 'processing'),
  };
}

/** How far one track's download is, 0…100, when its size is known. */
export function percentOf(item: ImportItemView): number {
  if (!item.bytesTotal || item.bytesTotal <= 0) return 0;
  return Math.min(100, Math.floor((item.bytesDone / item.bytesTotal) * 100));
}

/** Ids chosen by default: every track the account may download. */
export function defaultChoice(tracks: readonly { id: string; availability: string }[]) {
  return new Set(tracks.filter((track) => track.availability === 'available').map((t) => t.id));
}

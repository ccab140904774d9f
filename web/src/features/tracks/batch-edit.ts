import type { TrackSummary } from '@music-rooms/domain/tracks';
import { TRACK_LIMITS } from '@music-rooms/domain/tracks';
import type { MessageRef } from '../../app/forms/message-ref';

/** The batch edit form: text as typed. */
export type EditValues = {
  title: string;
  artist: string;
  album: string;
  year: string;
  genre: string;
};
export type EditField = keyof EditValues;

/** What the form sends: a field left out stays as it is; null clears a tag. */
export type EditChanges = {
  title?: string;
  artist?: string | null;
  album?: string | null;
  year?: number | null;
  genre?: string | null;
};

const MAX: Record<Exclude<EditField, 'year'>, number> = {
  title: TRACK_LIMITS.title.max,
  artist: TRACK_LIMITS.artistMax,
  album: TRACK_LIMITS.albumMax,
  genre: TRACK_LIMITS.genreMax,
};

/** One track: its tags as they are. Several: empty fields, which mean "keep as is". */
export function initialValues(tracks: readonly TrackSummary[]): EditValues {
  const one = tracks.length === 1 ? tracks[0] : null;
  return {
    title: one?.title ?? '',
    artist: one?.artist ?? '',
    album: one?.album ?? '',
    year: one?.year?.toString() ?? '',
    genre: one?.genre ?? '',
  };
}

/**
 * The changes to send, or the message of each field that is wrong (spec §5: the title is
 * required, 1 to 200 characters; a year is a whole number from 1000 to 2999). Only the fields
 * the person changed from `initial` are sent, so a tag nobody touched is never cleared: for one
 * track a field emptied clears its tag (the title always goes, it is required); for several a
 * field left empty keeps each track's own.
 */
export function editChanges(
  values: EditValues,
  initial: EditValues,
  single: boolean,
): { changes: EditChanges } | { errors: Partial<Record<EditField, MessageRef>> } {
  const errors: Partial<Record<EditField, MessageRef>> = {};
  const changes: EditChanges = {};
  const touched = (field: EditField) => values[field].trim() !== initial[field].trim();
  const title = values.title.trim();
  if (single && title.length < TRACK_LIMITS.title.min)
    errors.title = { key: 'validation.required' };
  for (const field of ['title', 'artist', 'album', 'genre'] as const) {
    const value = values[field].trim();
    if (value.length > MAX[field]) {
      errors[field] = { key: 'validation.maxLength', values: { count: MAX[field] } };
    } else if (field === 'title') {
      if (single) changes.title = value;
    } else if (touched(field) && (single || value !== '')) {
      changes[field] = value === '' ? null : value;
    }
  }
  const year = values.year.trim();
  if (year !== '') {
    const number = Number(year);
    const { min, max } = TRACK_LIMITS.year;
    if (!/^\d+$/.test(year) || number < min || number > max) {
      errors.year = { key: 'validation.invalidFormat' };
    } else if (touched('year')) changes.year = number;
  } else if (single && touched('year')) changes.year = null;
  return Object.keys(errors).length > 0 ? { errors } : { changes };
}

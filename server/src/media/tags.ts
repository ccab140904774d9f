import { parseFile } from 'music-metadata';

/** What a file's own tags say about it; every field may be missing. */
export type AudioTags = {
  title: string | null;
  artist: string | null;
  album: string | null;
  year: number | null;
  genre: string | null;
  durationSeconds: number | null;
  isrc: string | null;
  bitrate: number | null;
  sampleRate: number | null;
  channels: number | null;
  /** The embedded front cover (or the first picture), as stored in the file. */
  picture: { data: Uint8Array; format: string } | null;
};

const clean = (value: string | undefined | null): string | null => {
  // Tags written by careless tools carry NULs and padding; none of it is part of a name.
  // eslint-disable-next-line no-control-regex -- removing NUL is the point
  const text = value?.replace(/\u0000/g, '').trim();
  return text ? text : null;
};

/** Reads title, artist, album, year, genre, duration, ISRC and the cover from the file's tags. */
export async function readAudioTags(filePath: string): Promise<AudioTags> {
  const { common, format } = await parseFile(filePath, { duration: true, skipCovers: false });
  const front = common.picture?.find((p) => /front/i.test(p.type ?? '')) ?? common.picture?.[0];
  const duration = format.duration;
  return {
    title: clean(common.title),
    artist: clean(common.artist ?? common.artists?.join(', ')),
    album: clean(common.album),
    year: common.year && common.year > 0 && common.year < 10_000 ? common.year : null,
    genre: clean(common.genre?.join(', ')),
    durationSeconds: duration && Number.isFinite(duration) && duration > 0 ? duration : null,
    isrc: clean(common.isrc?.[0]),
    bitrate: format.bitrate ? Math.round(format.bitrate) : null,
    sampleRate: format.sampleRate ?? null,
    channels: format.numberOfChannels ?? null,
    picture: front ? { data: front.data, format: front.format } : null,
  };
}

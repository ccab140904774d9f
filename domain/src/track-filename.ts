/**
 * Artist and title from an audio file's name, for files whose tags lack them. Real names carry
 * track numbers, site watermarks, "[Official Video]" noise, underscores for spaces and several
 * kinds of dashes; this turns "01_-_Кино_-_Группа_крови_(zaycev.net).mp3" into
 * { artist: "Кино", title: "Группа крови", trackNumber: 1 }.
 */
export type ParsedTrackName = {
  /** Null when the name holds no "artist – title" separator. */
  artist: string | null;
  title: string;
  trackNumber: number | null;
};

/** A file extension of up to five letters or digits ("mp3", "flac", "opus", "m4a"). */
const EXTENSION = /\.[a-z0-9]{1,5}$/i;
/** Spaced hyphens and dashes, and dashes that no name hyphenates without spaces. */
const SEPARATOR = /\s+[-–—~]+\s+|\s*[–—]\s*|\s+-{2,}\s*|-{2,}\s+/;
/** "01 - ", "1. ", "07) ", "A1 - " (vinyl sides): a number that ends in a separator. */
const LEADING_NUMBER_WITH_SEPARATOR = /^(?:[A-D])?(\d{1,3})\s*(?:[.)]\s*|\s[-–—]\s|-\s*|_)/i;
/** "01 Title": a zero-padded number followed by a space only ("50 Cent" keeps its number). */
const LEADING_PADDED_NUMBER = /^(0\d{1,2})\s+/;
/** Copies saved twice by a browser or a file manager: "song (1)", "song copy", "song - Copy". */
const COPY_SUFFIX = /(?:\s*\(\d{1,2}\)|\s+-?\s*copy(?:\s*\d+)?|\s+-\s+копия)$/i;

/** Words that mark a bracketed group as noise about the upload, not the recording. */
const NOISE_WORDS = [
  'official',
  'video',
  'videoclip',
  'clip',
  'audio',
  'lyrics?',
  'lyric video',
  'visuali[sz]er',
  'hd',
  'hq',
  '4k',
  '1080p',
  '720p',
  '\\d{2,3}\\s*kbps',
  'mp3',
  'free download',
  'download',
  'официальн\\p{L}*',
  'клип',
  'видео',
  'видеоклип',
  'премьера\\p{L}*',
  'аудио',
  'текст\\p{L}*',
  'lyric\\p{L}*',
];
const NOISE_WORD = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(?:${NOISE_WORDS.join('|')})(?=$|[^\\p{L}\\p{N}])`,
  'iu',
);
/** A site watermark: "zaycev.net", "www.example.com", "muzmo.ru". */
const DOMAIN =
  /(?:^|\s)(?:www\.)?[\p{L}\p{N}-]+\.(?:net|com|ru|org|info|me|fm|cc|su|io|biz|ua|by|kz|to)(?:\s|$)/iu;
const BRACKETED = /\s*[([{]([^()[\]{}]*)[)\]}]/g;

/** "ft", "ft.", "feat", "featuring" → "feat.", inside brackets or out. */
const FEATURING = /(^|[\s([])(?:featuring|feat\.?|ft\.?)(?=\s)/giu;

const isNoise = (group: string): boolean => NOISE_WORD.test(group) || DOMAIN.test(` ${group} `);

function stripExtension(name: string): string {
  return name.replace(EXTENSION, '');
}

function normaliseSpaces(name: string): string {
  return name.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}

function removeNoise(name: string): string {
  const withoutGroups = name.replace(BRACKETED, (group: string, inner: string) =>
    isNoise(inner) ? '' : group,
  );
  // A watermark outside brackets ("Song - zaycev.net") is a segment of its own.
  return withoutGroups.replace(
    /\s+[-–—]\s+(?:www\.)?[\p{L}\p{N}-]+\.(?:net|com|ru|org|info|me|fm)\s*$/iu,
    '',
  );
}

function takeTrackNumber(name: string): { rest: string; trackNumber: number | null } {
  const match = LEADING_NUMBER_WITH_SEPARATOR.exec(name) ?? LEADING_PADDED_NUMBER.exec(name);
  if (!match) return { rest: name, trackNumber: null };
  const rest = name.slice(match[0].length).trim();
  // A name that is only a number ("01.mp3", "1984") keeps it as its title.
  if (!/[\p{L}]/u.test(rest)) return { rest: name, trackNumber: null };
  return { rest, trackNumber: Number(match[1]) };
}

function tidy(part: string): string {
  return part
    .replace(FEATURING, '$1feat.')
    .replace(/^["'«„“]+|["'»“”]+$/g, '')
    .replace(/^[\s\-–—.,]+|[\s\-–—,]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Segments between separators, without the bare numbers ("Artist - 03 - Title"). */
function segmentsOf(name: string): string[] {
  return name
    .split(SEPARATOR)
    .map(tidy)
    .filter((part) => part !== '' && !/^\d{1,3}$/.test(part));
}

/** Reads artist, title and track number from a file name (with or without its extension). */
export function parseTrackFilename(fileName: string): ParsedTrackName {
  const base = normaliseSpaces(stripExtension(fileName.split(/[\\/]/).pop() ?? fileName));
  const cleaned = normaliseSpaces(removeNoise(base)).replace(COPY_SUFFIX, '');
  const { rest, trackNumber } = takeTrackNumber(cleaned);
  const segments = segmentsOf(rest);
  if (segments.length === 0) {
    return { artist: null, title: tidy(base) || base || fileName.trim(), trackNumber };
  }
  if (segments.length === 1) return { artist: null, title: segments[0]!, trackNumber };
  // "Artist - Album - Title": the first names the artist, the last the recording.
  return { artist: segments[0]!, title: segments[segments.length - 1]!, trackNumber };
}

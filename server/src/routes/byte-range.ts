import type { ByteRange } from '../storage';

/**
 * The one byte range a Range header asks for within a file of `size` bytes: null for the
 * whole file (no header, several ranges, another unit), 'unsatisfiable' when it starts past the
 * end. Forms: `bytes=0-99`, `bytes=100-` (to the end), `bytes=-500` (the last 500 bytes).
 */
export function parseByteRange(
  header: string | undefined,
  size: number,
): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

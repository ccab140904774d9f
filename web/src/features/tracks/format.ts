/**
 * Numbers of the track list and the upload panel, in the reader's language: durations as a
 * clock (3:05, 1:02:03), sizes in B/KB/MB/GB, upload speed and the time left.
 */

/** The words of the size units, from the translations. */
export type SizeUnits = { B: string; KB: string; MB: string; GB: string };

/** 185000 → "3:05"; an hour or more → "1:02:03". */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0
    ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `${minutes}:${seconds}`;
}

/** 3_400_000 → "3.2 MB" (decimal comma in Russian); one decimal below 10 of a unit. */
export function formatBytes(bytes: number, locale: string, units: SizeUnits): string {
  const steps: [number, keyof SizeUnits][] = [
    [1024 ** 3, 'GB'],
    [1024 ** 2, 'MB'],
    [1024, 'KB'],
  ];
  const [size, unit] = steps.find(([step]) => bytes >= step) ?? [1, 'B' as const];
  const value = bytes / size;
  const digits = unit === 'B' || value >= 10 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}

/**
 * The seconds an upload still needs at its current speed, or null while the speed is not
 * known yet (the first moments, a stalled connection).
 */
export function secondsLeft(sent: number, total: number, bytesPerSecond: number): number | null {
  if (total <= sent) return 0;
  if (!Number.isFinite(bytesPerSecond) || bytesPerSecond <= 0) return null;
  return Math.ceil((total - sent) / bytesPerSecond);
}

/**
 * Upload speed, smoothed so the figure does not jump with each chunk: an exponential average
 * of the rate between progress reports, over about the last few seconds.
 */
export class SpeedMeter {
  private last: { bytes: number; at: number } | null = null;
  private rate = 0;

  constructor(private readonly windowMs = 3000) {}

  /** Records how many bytes have been sent by `at` (ms); answers the bytes per second now. */
  sample(bytes: number, at: number): number {
    if (!this.last || bytes < this.last.bytes) {
      this.last = { bytes, at };
      return this.rate;
    }
    const elapsed = at - this.last.at;
    if (elapsed <= 0) return this.rate;
    const instant = ((bytes - this.last.bytes) * 1000) / elapsed;
    const weight = Math.min(1, elapsed / this.windowMs);
    this.rate = this.rate === 0 ? instant : this.rate + (instant - this.rate) * weight;
    this.last = { bytes, at };
    return this.rate;
  }

  get bytesPerSecond(): number {
    return this.rate;
  }
}

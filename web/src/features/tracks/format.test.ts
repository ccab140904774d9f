import { describe, expect, it } from 'vitest';
import { SpeedMeter, formatBytes, formatClock, secondsLeft } from './format';

const EN = { B: 'B', KB: 'KB', MB: 'MB', GB: 'GB' };
const RU = { B: 'Б', KB: 'КБ', MB: 'МБ', GB: 'ГБ' };

describe('track numbers', () => {
  it('shows durations as a clock, with hours only when there are some', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(185_000)).toBe('3:05');
    expect(formatClock(59_600)).toBe('1:00');
    expect(formatClock(3_723_000)).toBe('1:02:03');
    expect(formatClock(-5)).toBe('0:00');
  });

  it('shows sizes in the largest unit, one decimal below ten, in the reader’s language', () => {
    expect(formatBytes(512, 'en', EN)).toBe('512 B');
    expect(formatBytes(1536, 'en', EN)).toBe('1.5 KB');
    expect(formatBytes(3.4 * 1024 * 1024, 'en', EN)).toBe('3.4 MB');
    expect(formatBytes(250 * 1024 * 1024, 'en', EN)).toBe('250 MB');
    expect(formatBytes(2 * 1024 ** 3, 'en', EN)).toBe('2 GB');
    expect(formatBytes(3.4 * 1024 * 1024, 'ru', RU)).toBe('3,4 МБ');
  });

  it('tells the time left from the bytes still to send and the speed, unknown without a speed', () => {
    expect(secondsLeft(0, 10_000_000, 1_000_000)).toBe(10);
    expect(secondsLeft(9_500_000, 10_000_000, 1_000_000)).toBe(1);
    expect(secondsLeft(10_000_000, 10_000_000, 0)).toBe(0);
    expect(secondsLeft(0, 10, 0)).toBeNull();
    expect(secondsLeft(0, 10, Number.NaN)).toBeNull();
  });

  it('smooths the upload speed over the reports instead of jumping with each chunk', () => {
    const meter = new SpeedMeter(3000);
    expect(meter.sample(0, 0)).toBe(0);
    expect(meter.sample(1_000_000, 1000)).toBe(1_000_000);
    // A burst of 3 MB in the next second moves the figure a third of the way.
    const after = meter.sample(4_000_000, 2000);
    expect(after).toBeCloseTo(1_000_000 + (3_000_000 - 1_000_000) / 3, 0);
    // A restarted upload (fewer bytes than before) keeps the last figure.
    expect(meter.sample(0, 2500)).toBe(after);
  });
});

import { local } from '../../lib/storage';

/**
 * How late this device's speakers sound after the moment the browser reports for them: the
 * latency a Bluetooth speaker, a receiver or a DAC adds that the browser does not see. The player
 * schedules that much earlier. Kept in this browser only, one value per audio output (a phone's
 * speaker and its Bluetooth headphones differ), never sent to the room.
 */
export type OutputDelay = {
  ms: number;
  /** How it was set: typed or dragged, proposed by tapping along, or measured by listening. */
  source: 'manual' | 'tapped' | 'calibrated';
};

export const OUTPUT_DELAY_MIN_MS = -50;
export const OUTPUT_DELAY_MAX_MS = 500;

/** The output the browser does not name (the system default). */
export const DEFAULT_OUTPUT = 'default';

const KEY = 'music-rooms:output-delay';
const NONE: OutputDelay = { ms: 0, source: 'manual' };
const SOURCES = new Set<OutputDelay['source']>(['manual', 'tapped', 'calibrated']);

/** Whole milliseconds within the range the control offers. */
export function clampOutputDelay(ms: number): number {
  if (!Number.isFinite(ms)) return 0;
  return Math.min(OUTPUT_DELAY_MAX_MS, Math.max(OUTPUT_DELAY_MIN_MS, Math.round(ms)));
}

function isOutputDelay(value: unknown): value is OutputDelay {
  if (typeof value !== 'object' || value === null) return false;
  const { ms, source } = value as Partial<OutputDelay>;
  return typeof ms === 'number' && clampOutputDelay(ms) === ms && SOURCES.has(source as never);
}

function readAll(): Record<string, OutputDelay> {
  try {
    const stored = JSON.parse(local.get(KEY) ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(stored).filter((entry): entry is [string, OutputDelay] =>
        isOutputDelay(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

const listeners = new Set<() => void>();

/** Each output's delay, read from and written to localStorage; unknown or unreadable gives 0. */
export const outputDelays = {
  get(output: string): OutputDelay {
    return readAll()[output] ?? NONE;
  },
  set(output: string, delay: OutputDelay): void {
    const all = readAll();
    all[output] = { ms: clampOutputDelay(delay.ms), source: delay.source };
    local.set(KEY, JSON.stringify(all));
    listeners.forEach((listener) => listener());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

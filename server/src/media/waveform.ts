/** How many peaks a track's waveform holds (the seek bar draws one bar per peak, or fewer). */
export const WAVEFORM_PEAKS = 1000;

/** Samples per second of the mono signal the waveform is read from. */
export const WAVEFORM_RATE = 8000;

/**
 * Collects the loudest sample of each 10 ms window of a 16-bit mono stream as it arrives, so
 * that an hour of audio needs 360,000 numbers, never the decoded signal.
 */
export class PeakCollector {
  private readonly window = WAVEFORM_RATE / 100;
  private readonly windows: number[] = [];
  private current = 0;
  private inWindow = 0;
  private carry: number | null = null;
  samples = 0;

  push(chunk: Buffer): void {
    let at = 0;
    if (this.carry !== null && chunk.length > 0) {
      this.add(Buffer.from([this.carry, chunk[0]!]).readInt16LE(0));
      this.carry = null;
      at = 1;
    }
    for (; at + 1 < chunk.length; at += 2) this.add(chunk.readInt16LE(at));
    if (at < chunk.length) this.carry = chunk[at]!;
  }

  private add(sample: number): void {
    const level = Math.abs(sample);
    if (level > this.current) this.current = level;
    this.samples += 1;
    this.inWindow += 1;
    if (this.inWindow === this.window) this.flush();
  }

  private flush(): void {
    this.windows.push(this.current);
    this.current = 0;
    this.inWindow = 0;
  }

  /** Seconds of audio seen. */
  get seconds(): number {
    return this.samples / WAVEFORM_RATE;
  }

  /** The peaks, each the loudest of its share of the track, scaled to 0…255. */
  peaks(count = WAVEFORM_PEAKS): Uint8Array {
    if (this.inWindow > 0) this.flush();
    const windows = this.windows;
    const out = new Uint8Array(Math.min(count, windows.length));
    for (let i = 0; i < out.length; i += 1) {
      const from = Math.floor((i * windows.length) / out.length);
      const to = Math.max(from + 1, Math.floor(((i + 1) * windows.length) / out.length));
      let max = 0;
      for (let w = from; w < to; w += 1) max = Math.max(max, windows[w]!);
      out[i] = Math.min(255, Math.round((max / 32768) * 255));
    }
    return out;
  }
}

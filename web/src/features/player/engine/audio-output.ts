import { volumeGain } from './loudness';

/** resume() that has not brought the context to running by then: the browser wants a gesture. */
const BLOCKED_AFTER_MS = 800;
/** Volume changes glide over about this long instead of clicking. */
const VOLUME_GLIDE_S = 0.015;
/**
 * What the context plays beside the music, always: −120 dBFS, below any output's own noise and
 * zero once it is 16- or 24-bit. Chromium closes the output of a context that has rendered only
 * zeros for a while and opens a new one at the next sound; the new output has a latency of its
 * own (seen: 251 against 328 ms) and, under PulseAudio, stamps that slide for seconds. Kept open,
 * the output and its clock are those the music was in sync with before the pause.
 */
const KEEP_OPEN_LEVEL = 1e-6;

/**
 * The earliest context time at which a node started or a rate set now still takes effect. The
 * context renders a whole output buffer (`baseLatency`: 85 ms with a 4096-frame buffer) beyond
 * `currentTime` in one go; what is aimed inside the buffer already being rendered comes in at the
 * next one, late by up to a buffer (seen: a start 54 ms late, which the page itself could not see).
 */
export function renderedUntil(context: AudioContext): number {
  return context.currentTime + (context.baseLatency || 0);
}

/**
 * The page's one AudioContext and the master gain every track plays through. Made when first
 * needed; when the browser will not let it run without a click, it says so (`blocked`) and runs
 * after `unlock()` is called from a click or key press.
 */
export class AudioOutput {
  private context: AudioContext | null = null;
  private master: GainNode | null = null;
  private resuming = false;
  private gain = 1;
  blocked = false;

  constructor(
    private readonly onChange: () => void,
    private readonly createContext: () => AudioContext = () => new AudioContext(),
  ) {}

  /** The context, made on first use. */
  get(): { context: AudioContext; master: GainNode } {
    if (!this.context || !this.master || this.context.state === 'closed') {
      const context = this.createContext();
      const master = context.createGain();
      master.gain.value = this.gain;
      master.connect(context.destination);
      keepOpen(context);
      context.onstatechange = () => this.stateChanged();
      this.context = context;
      this.master = master;
    }
    return { context: this.context, master: this.master };
  }

  /** The context if one is open, without making one (what other page sounds play through). */
  current(): AudioContext | null {
    return this.context && this.context.state !== 'closed' ? this.context : null;
  }

  get running(): boolean {
    return this.context?.state === 'running';
  }

  /**
   * Asks a context that is not running to run. If it still is not shortly after, autoplay is
   * blocked until a gesture (`blocked` turns true and the listener hears it).
   */
  wake(): void {
    const { context } = this.get();
    if (context.state === 'running' || this.resuming) return;
    this.resuming = true;
    void context.resume().finally(() => {
      this.resuming = false;
    });
    setTimeout(() => {
      if (context.state !== 'running' && !this.blocked) {
        this.blocked = true;
        this.onChange();
      }
    }, BLOCKED_AFTER_MS);
  }

  /** From a click or key press: the browser lets the context run now. */
  unlock(): void {
    const { context } = this.get();
    if (context.state !== 'running') void context.resume();
  }

  setVolume(volume: number, muted: boolean): void {
    this.gain = volumeGain(volume, muted);
    if (!this.context || !this.master) return;
    this.master.gain.setTargetAtTime(this.gain, this.context.currentTime, VOLUME_GLIDE_S);
  }

  close(): void {
    const context = this.context;
    this.context = null;
    this.master = null;
    if (context) {
      context.onstatechange = null;
      void context.close().catch(() => {});
    }
  }

  private stateChanged(): void {
    if (this.context?.state === 'running') this.blocked = false;
    this.onChange();
  }
}

/** Keeps the context's output open while nothing plays (`KEEP_OPEN_LEVEL`). */
function keepOpen(context: AudioContext): void {
  const source = context.createConstantSource();
  source.offset.value = KEEP_OPEN_LEVEL;
  source.connect(context.destination);
  source.start();
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Bench } from './types';

/**
 * A PulseAudio daemon of the bench's own (its runtime folder, configuration and socket under a
 * folder of ours, so a person's own sound server is never touched), with speakers that play
 * into nowhere and a recorder of what they played.
 *
 * The speakers are two sinks that each place their sound on one channel of a single stereo null
 * sink (`module-remap-sink` over `module-null-sink`): speaker A on the left, B on the right.
 * Each browser plays into a sink of its own; recording the null sink's monitor then gives both
 * outputs in one stream, on one sample clock, so the gap between them is read to a fraction of
 * a sample. (Two separate null sinks recorded by two `parec`s would each start at an instant
 * known only as well as their data arrives, a few ms.)
 */

export const PULSE_RATE = 48_000;
export const SINK_A = 'bench_speaker_a';
export const SINK_B = 'bench_speaker_b';
const ROOM_SINK = 'bench_room';

/** What is missing to run PulseAudio here, as one line; null when nothing is. */
export function pulseMissing(): string | null {
  const missing = ['pulseaudio', 'parec', 'pactl'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (missing.length === 0) return null;
  return `${missing.join(', ')} not found: install Debian's pulseaudio and pulseaudio-utils (apt-get install -y pulseaudio pulseaudio-utils)`;
}

/**
 * A bench that plays through the sound server: without its tools it says so and gives no
 * figures; with them it measures in a folder of its own, removed afterwards.
 */
export function speakerBench(
  name: string,
  description: string,
  measure: (dir: string) => Promise<Record<string, number | string>>,
): Bench {
  return {
    name,
    description,
    run: async () => {
      const missing = pulseMissing();
      if (missing) {
        console.log(`  ${name} skipped: ${missing}`);
        return {};
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `music-rooms-bench-${name}-`));
      try {
        return await measure(dir);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

const DAEMON_CONF = [
  // Chromium and the recorder both at 48 kHz: no resampler to smear or delay the clicks.
  `default-sample-rate = ${PULSE_RATE}`,
  `alternate-sample-rate = ${PULSE_RATE}`,
  'default-sample-format = s16le',
  'avoid-resampling = yes',
  'exit-idle-time = -1',
].join('\n');

function speaker(name: string, channel: string): string {
  return `load-module module-remap-sink sink_name=${name} master=${ROOM_SINK} channels=1 channel_map=mono master_channel_map=${channel} remix=no`;
}

const SCRIPT = [
  'load-module module-native-protocol-unix auth-anonymous=1',
  `load-module module-null-sink sink_name=${ROOM_SINK} rate=${PULSE_RATE} channels=2 channel_map=front-left,front-right`,
  speaker(SINK_A, 'front-left'),
  speaker(SINK_B, 'front-right'),
].join('\n');

export type Pulse = {
  /** The environment a client of this daemon needs (Chromium, parec, pactl). */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

function run(command: string, args: string[], env: Record<string, string>) {
  return spawnSync(command, args, { env: { ...process.env, ...env }, encoding: 'utf8' });
}

/** Starts the daemon with its sinks in `dir` and waits until it answers. */
export async function startPulse(dir: string): Promise<Pulse> {
  const runtime = path.join(dir, 'run');
  fs.mkdirSync(runtime, { recursive: true });
  fs.mkdirSync(path.join(dir, 'config/pulse'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'daemon.conf'), `${DAEMON_CONF}\n`);
  fs.writeFileSync(path.join(dir, 'bench.pa'), `${SCRIPT}\n`);
  const env = {
    PULSE_RUNTIME_PATH: runtime,
    PULSE_STATE_PATH: path.join(dir, 'state'),
    PULSE_CONFIG: path.join(dir, 'daemon.conf'),
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    PULSE_SERVER: `unix:${path.join(runtime, 'native')}`,
  };
  const started = run(
    'pulseaudio',
    [
      '-D',
      '--exit-idle-time=-1',
      '-n',
      '-F',
      path.join(dir, 'bench.pa'),
      '--use-pid-file=yes',
      '--high-priority=yes',
      '--realtime=yes',
      `--log-target=file:${path.join(dir, 'pulseaudio.log')}`,
    ],
    env,
  );
  if (started.status !== 0) throw new Error(`pulseaudio did not start: ${started.stderr.trim()}`);
  for (let tries = 0; run('pactl', ['info'], env).status !== 0; tries += 1) {
    if (tries > 100) throw new Error('pulseaudio does not answer');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { env, stop: () => stopPulse(env) };
}

/** Stops the daemon named by our runtime folder's pid file, and waits until it is gone. */
async function stopPulse(env: Record<string, string>): Promise<void> {
  const pidFile = path.join(env.PULSE_RUNTIME_PATH!, 'pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').trim()) : null;
  run('pulseaudio', ['--kill'], env);
  for (let tries = 0; pid && tries < 100; tries += 1) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Loads a module into the daemon; answers its index. */
function loadModule(pulse: Pulse, args: string[]): string {
  const loaded = run('pactl', ['load-module', ...args], pulse.env);
  if (loaded.status !== 0) throw new Error(`pactl load-module failed: ${loaded.stderr.trim()}`);
  return loaded.stdout.trim();
}

/**
 * A microphone that hears the whole room (both speakers, as one mono source): the null sink's
 * monitor remapped into a source of its own, since browsers offer no monitor as a microphone.
 * Answers its name, for `PULSE_SOURCE`.
 */
export function roomMicrophone(pulse: Pulse): string {
  const name = 'bench_room_microphone';
  loadModule(pulse, [
    'module-remap-source',
    `master=${ROOM_SINK}.monitor`,
    `source_name=${name}`,
    'channels=1',
    'channel_map=mono',
  ]);
  return name;
}

/**
 * A speaker whose sound reaches the room later than its browser knows, as a Bluetooth
 * speaker's does: `sink` is what the browser plays into, `setDelay` how late it then sounds.
 */
export type HiddenDelaySpeaker = { sink: string; setDelay: (delayMs: number) => void };

/**
 * A hidden delay by `module-loopback` with that latency: a null sink of its own (`name`, which a
 * browser plays into) looped into `speakerSink`. `setDelay` loads the loopback again with
 * another one. The loopback holds its latency only roughly: it wanders by a few ms while it
 * plays, so this speaker's delay is not quite fixed.
 */
export function delayedSpeaker(
  pulse: Pulse,
  name: string,
  speakerSink: string,
): HiddenDelaySpeaker {
  const load = (args: string[]) => loadModule(pulse, args);
  load(['module-null-sink', `sink_name=${name}`, `rate=${PULSE_RATE}`, 'channels=1']);
  let loopback: string | null = null;
  return {
    sink: name,
    setDelay(delayMs: number): void {
      if (loopback !== null) run('pactl', ['unload-module', loopback], pulse.env);
      loopback = load([
        'module-loopback',
        `source=${name}.monitor`,
        `sink=${speakerSink}`,
        `latency_msec=${delayMs}`,
        // No rate adjustment: the null sinks share one clock, and an adjusting loopback moves
        // its latency for tens of seconds after loading, a delay that changes under the bench.
        'adjust_time=0',
        'source_dont_move=true',
        'sink_dont_move=true',
      ]);
    },
  };
}

/** The LADSPA plugin (Debian's swh-plugins) of the fixed delay: a delay line of whole samples. */
const DELAY_PLUGIN = { file: 'delay_1898', label: 'delay_n' };
/** Its longest delay (s), which it allocates for: above any hidden delay a run sets. */
const DELAY_MAX_S = 1;

/** What is missing for a fixed hidden delay, as one line; null when nothing is. */
export function fixedDelayMissing(): string | null {
  const folders = (process.env.LADSPA_PATH ?? '/usr/lib/ladspa:/usr/local/lib/ladspa').split(':');
  const found = folders.some((folder) =>
    fs.existsSync(path.join(folder, `${DELAY_PLUGIN.file}.so`)),
  );
  return found
    ? null
    : `the LADSPA plugin ${DELAY_PLUGIN.file} was not found: install Debian's swh-plugins (apt-get install -y swh-plugins)`;
}

/**
 * A hidden delay that stays what it is set to, to the sample: `name` is a LADSPA filter sink
 * over `speakerSink` (`module-ladspa-sink`) running a delay line of whole samples. The filter
 * reports its master's latency, not the line's, so the browser sees nothing of it, as of a
 * Bluetooth speaker's. `setDelay` loads the sink again (the plugin's controls are fixed at
 * load): a browser stream must be opened after it, as each run's page is.
 */
export function fixedDelaySpeaker(
  pulse: Pulse,
  name: string,
  speakerSink: string,
): HiddenDelaySpeaker {
  let filter: string | null = null;
  const setDelay = (delayMs: number) => {
    if (delayMs / 1000 > DELAY_MAX_S) throw new Error(`A fixed delay is at most ${DELAY_MAX_S} s`);
    if (filter !== null) run('pactl', ['unload-module', filter], pulse.env);
    filter = loadModule(pulse, [
      'module-ladspa-sink',
      `sink_name=${name}`,
      `sink_master=${speakerSink}`,
      `plugin=${DELAY_PLUGIN.file}`,
      `label=${DELAY_PLUGIN.label}`,
      // The plugin's control ports in order: "Max Delay (s)", "Delay Time (s)".
      `control=${DELAY_MAX_S},${delayMs / 1000}`,
      'channels=1',
    ]);
  };
  // The sink is there from the start, as a browser told to play into it may look for it.
  setDelay(0);
  return { sink: name, setDelay };
}

/** The null sink's latency and configured latency in µs, as `pactl` reports them now. */
export function roomSinkLatencyUs(pulse: Pulse): { latency: number; configured: number } | null {
  const listing = run('pactl', ['list', 'sinks'], pulse.env).stdout;
  const block = listing.split(/\n(?=Sink #)/).find((part) => part.includes(`Name: ${ROOM_SINK}`));
  const match = /Latency: (\d+) usec, configured (\d+) usec/.exec(block ?? '');
  return match ? { latency: Number(match[1]), configured: Number(match[2]) } : null;
}

/** A chunk of recorded frames: how many frames had arrived by then, and when (monotonic ns). */
export type Arrival = { frames: number; ns: bigint };

export type Recording = { left: Int16Array; right: Int16Array; arrivals: Arrival[] };

/** Latency asked of the recorder: small, so data arrives close to when it was played. */
const RECORD_LATENCY_MS = 5;

/** Records both speakers at once (A left, B right) until `stop()`. */
export function recordSpeakers(pulse: Pulse): { stop: () => Promise<Recording> } {
  const child: ChildProcess = spawn(
    'parec',
    [
      '-d',
      `${ROOM_SINK}.monitor`,
      `--rate=${PULSE_RATE}`,
      '--channels=2',
      '--format=s16le',
      `--latency-msec=${RECORD_LATENCY_MS}`,
    ],
    { env: { ...process.env, ...pulse.env }, stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const chunks: Buffer[] = [];
  const arrivals: Arrival[] = [];
  let bytes = 0;
  child.stdout!.on('data', (chunk: Buffer) => {
    const ns = process.hrtime.bigint();
    chunks.push(chunk);
    bytes += chunk.length;
    arrivals.push({ frames: Math.floor(bytes / 4), ns });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      return { ...splitChannels(Buffer.concat(chunks)), arrivals };
    },
  };
}

/** Interleaved 16-bit stereo into its two channels. */
export function splitChannels(data: Buffer): { left: Int16Array; right: Int16Array } {
  const frames = Math.floor(data.length / 4);
  const left = new Int16Array(frames);
  const right = new Int16Array(frames);
  for (let i = 0; i < frames; i += 1) {
    left[i] = data.readInt16LE(i * 4);
    right[i] = data.readInt16LE(i * 4 + 2);
  }
  return { left, right };
}

/** Arrivals within this of a frame decide when it was played (a slow wake-up passes). */
const CLOCK_WINDOW_S = 30;

/**
 * When each recorded frame was played, on the server's timeline (epoch ms), from when the
 * recorder's data arrived: a frame arrives after it is rendered, so `arrival − frames / rate`
 * is an upper bound of the recording's start; the lowest of those bounds within 30 s of a frame
 * is taken (the quickest hand-over). `toEpochMs` turns monotonic ns into the server's epoch ms.
 */
export function recordingClock(
  arrivals: readonly Arrival[],
  sampleRate: number,
  toEpochMs: (ns: bigint) => number,
): (frame: number) => number {
  const starts = arrivals.map((arrival) => ({
    frame: arrival.frames,
    startMs: toEpochMs(arrival.ns) - (arrival.frames / sampleRate) * 1000,
  }));
  const window = CLOCK_WINDOW_S * sampleRate;
  return (frame) => {
    let best = Infinity;
    for (const start of starts) {
      if (Math.abs(start.frame - frame) <= window) best = Math.min(best, start.startMs);
    }
    return best + (frame / sampleRate) * 1000;
  };
}

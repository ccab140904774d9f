import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
};

export type RunOptions = {
  /** The working directory (by default the project's, as with `npm start`). */
  cwd?: string;
};

/**
 * Servers this process started and that still run. A test that fails or times out may leave its
 * server running; when the test process ends they end with it, so no server outlives the suite
 * (holding a port, a data folder and a core).
 */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

function spawnBuiltServer(env: Record<string, string>, options: RunOptions): ChildProcess {
  const child = spawn(process.execPath, [path.join(appRoot, 'server/dist/main.js')], {
    cwd: options.cwd ?? appRoot,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** Runs the built server (`server/dist/main.js`) as `npm start` would, and waits for its address. */
export async function runBuiltServer(
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<ServerProcess> {
  const child = spawnBuiltServer(env, options);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = await Promise.race([
    waitForAddress(() => output),
    exited.then((code) => {
      throw new Error(`server exited with ${code}: ${output}`);
    }),
  ]);
  return { child, url, output: () => output, exited };
}

async function waitForAddress(read: () => string): Promise<string> {
  for (;;) {
    const match = /running at (http:\/\/\S+)/.exec(read());
    if (match?.[1]) return match[1];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export type FinishedProcess = { code: number | null; stdout: string; stderr: string };

/** Runs the built server expecting it to refuse to start, and answers how it ended. */
export function runRefusedServer(
  env: Record<string, string>,
  options: RunOptions = {},
): Promise<FinishedProcess> {
  const child = spawnBuiltServer(env, options);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  // A server that started after all is stopped, so the test fails on its exit code, not a timeout.
  const started = setInterval(() => {
    if (stdout.includes('running at')) child.kill('SIGTERM');
  }, 50);
  return new Promise((resolve) =>
    child.once('close', (code) => {
      clearInterval(started);
      resolve({ code, stdout, stderr });
    }),
  );
}

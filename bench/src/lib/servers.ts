import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from './paths';

/** The last of each server's error output, told when it exits before it is healthy. */
const stderrTail = new WeakMap<ChildProcess, string>();
const TAIL_CHARS = 2000;

/** Keeps the end of a child's error output (`stderrTail`), which is otherwise dropped. */
function keepStderrTail(child: ChildProcess): void {
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = `${stderrTail.get(child) ?? ':\n'}${chunk.toString()}`;
    stderrTail.set(child, text.slice(-TAIL_CHARS));
  });
}

/** Waits until GET /api/health on the port answers 200, or the process exits. */
export async function untilHealthy(child: ChildProcess, port: number): Promise<void> {
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}${stderrTail.get(child) ?? ''}`);
    }
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() - started > 60_000) throw new Error('server did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Extra Node options for the app server only, e.g. `--cpu-prof` to see where its time goes. */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** The built app (`server/dist/main.js`) on a port, with its data in `dataDir`. */
export async function startAppServer(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...serverNodeArgs, 'server/dist/main.js'], {
    cwd: appRoot,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  keepStderrTail(child);
  await untilHealthy(child, port);
  return child;
}

/** A bare Fastify server (`bare-server.ts`) answering these bytes to every POST /api/query. */
export async function startBareServer(body: Uint8Array, port: number): Promise<ChildProcess> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-bare-'));
  const bodyFile = path.join(dir, 'body.json');
  fs.writeFileSync(bodyFile, body);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(appRoot, 'bench/src/lib/bare-server.ts')],
    {
      cwd: appRoot,
      env: { ...process.env, BARE_PORT: String(port), BARE_BODY_FILE: bodyFile },
      stdio: 'ignore',
    },
  );
  child.once('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  await untilHealthy(child, port);
  return child;
}

/** Stops a server started here and waits for it to exit. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

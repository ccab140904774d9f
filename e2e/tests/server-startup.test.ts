import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@music-rooms/domain/config';
import { AUTH_ROUTES } from '@music-rooms/domain/account-routes';
import { runBuiltServer, runRefusedServer, type ServerProcess } from '../src/server-process';
import { newPerson, type Person } from './support/people';

// The built server as `npm start` runs it, starting where it must not: a data folder another
// server holds, or settings that only show their fault once the server tries to use them.
const folders: string[] = [];
afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-startup-'));
  folders.push(dir);
  return dir;
}

/** The embedded database on disk, whatever DATABASE_URL or REDIS_URL the environment has. */
const onDisk = (dataDir: string) => ({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  server.child.kill(signal);
  return server.exited;
}

async function post(url: string, body: object): Promise<number> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  await response.body?.cancel();
  return response.status;
}

const register = (server: ServerProcess, person: Person) =>
  post(server.url + AUTH_ROUTES.register, person);
const signIn = (server: ServerProcess, person: Person) =>
  post(server.url + AUTH_ROUTES.login, {
    emailOrUsername: person.username,
    password: person.password,
  });

describe('one server per DATA_DIR', () => {
  it('refuses a second server on the same folder in one line naming it and the first pid; the first serves on and frees the folder when stopped', async () => {
    const dataDir = tempDir();
    const first = await runBuiltServer(onDisk(dataDir));
    const second = await runRefusedServer(onDisk(dataDir));
    expect(second.code).toBe(1);
    expect(lines(second.stderr)).toEqual([
      `DATA_DIR ${dataDir} is in use by another music-rooms server (pid ${first.child.pid}); stop it or choose another DATA_DIR`,
    ]);

    const person = newPerson();
    expect(await register(first, person)).toBe(200);
    expect(await stop(first)).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);

    const next = await runBuiltServer(onDisk(dataDir));
    expect(await signIn(next, person)).toBe(200);
    expect(await stop(next, 'SIGINT')).toBe(0);
  });

  it('takes over the lock of a server killed with SIGKILL, and finds what it committed', async () => {
    const dataDir = tempDir();
    const first = await runBuiltServer(onDisk(dataDir));
    const person = newPerson();
    expect(await register(first, person)).toBe(200);
    await stop(first, 'SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    const next = await runBuiltServer(onDisk(dataDir));
    expect(await signIn(next, person)).toBe(200);
    expect(await stop(next)).toBe(0);
  });
});

describe('settings found wrong while starting', () => {
  let blocker: net.Server | null = null;
  afterAll(() => blocker?.close());

  /** A port another program is listening on. */
  async function busyPort(): Promise<number> {
    blocker = net.createServer();
    await new Promise<void>((resolve) => blocker?.listen(0, '127.0.0.1', resolve));
    return (blocker.address() as net.AddressInfo).port;
  }

  function fileInPlaceOfFolder(): string {
    const file = path.join(tempDir(), 'data');
    fs.writeFileSync(file, '');
    return file;
  }

  // Tests may run as root, whom file permissions do not stop: a file stands where the folder should.
  const cases: [string, () => Promise<Record<string, string>> | Record<string, string>][] = [
    ['DATABASE_URL', () => ({ DATABASE_URL: 'postgres://rooms:pa55word@127.0.0.1:1/x' })],
    ['REDIS_URL', () => ({ DATABASE_URL: ':memory:', REDIS_URL: 'redis://:pa55word@127.0.0.1:1' })],
    ['DATA_DIR', () => onDisk(fileInPlaceOfFolder())],
    ['DATA_DIR', () => onDisk(path.join(fileInPlaceOfFolder(), 'below'))],
    [
      'PORT',
      async () => ({ DATABASE_URL: ':memory:', HOST: '127.0.0.1', PORT: String(await busyPort()) }),
    ],
  ];

  it('stops on a HOST it cannot listen on with one line, before any background work began', async () => {
    const { code, stdout, stderr } = await runRefusedServer({
      ...onDisk(tempDir()),
      HOST: '256.1.1.1',
    });
    expect(code).toBe(1);
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr.startsWith('HOST 256.1.1.1 ')).toBe(true);
    // Job queues, import runners, sweeps and backfills would have met a closed database.
    expect(stdout).toBe('');
    expect(`${stdout}${stderr}`).not.toContain('Cannot use a pool');
  });

  it.each(cases)(
    'stops with exit code 1 and one line naming %s, and nothing else',
    async (setting, env) => {
      const { code, stdout, stderr } = await runRefusedServer({ REDIS_URL: '', ...(await env()) });
      expect(code).toBe(1);
      // No log of connection attempts before it: the line is all there is to read.
      expect(lines(stdout)).toEqual([]);
      expect(lines(stderr)).toHaveLength(1);
      expect(stderr.startsWith(`${setting} `)).toBe(true);
      expect(stderr).not.toContain('pa55word');
    },
  );
});

describe('a .env file in the working directory', () => {
  it('is read for the settings the environment leaves unset; the environment wins', async () => {
    const folder = tempDir();
    const dataDir = path.join(folder, 'data-from-file');
    // PORT 1 needs privileges: the server only starts if the environment's PORT wins.
    fs.writeFileSync(
      path.join(folder, '.env'),
      `# settings of this site\nDATA_DIR=${dataDir}\nPUBLIC_DEV_MODE=true\nPORT=1\n`,
    );
    const server = await runBuiltServer({ DATABASE_URL: '', REDIS_URL: '' }, { cwd: folder });
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    const config = (await (await fetch(`${server.url}/api/config`)).json()) as PublicConfig;
    expect(config.devMode).toBe(true);
    expect(await stop(server)).toBe(0);
  });

  it('that cannot be read stops the start with one line naming it', async () => {
    const folder = tempDir();
    fs.mkdirSync(path.join(folder, '.env'));
    const { code, stderr } = await runRefusedServer(
      { DATABASE_URL: ':memory:', REDIS_URL: '' },
      { cwd: folder },
    );
    expect(code).toBe(1);
    expect(lines(stderr)).toHaveLength(1);
    expect(stderr.startsWith('.env ')).toBe(true);
  });
});

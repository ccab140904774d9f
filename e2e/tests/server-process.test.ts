import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { runBuiltServer } from '../src/server-process';

// The built server as `npm start` runs it: its own process, data on disk, signals.
describe('the server process', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-process-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('closes sockets and the database on SIGTERM, and finds its data again on the next start', async () => {
    const first = await runBuiltServer({ DATA_DIR: dataDir });
    expect(await (await fetch(`${first.url}/api/health`)).json()).toMatchObject({
      status: 'ok',
      db: 'pglite',
    });
    const { token } = (await (await fetch(`${first.url}/api/realtime/token`)).json()) as {
      token: string;
    };
    const socket = io(first.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(await disconnected).toBeTruthy();
    socket.close();

    // The key that signed the first run's token lives in the database: it still verifies.
    const second = await runBuiltServer({ DATA_DIR: dataDir });
    const again = io(second.url, {
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      again.once('connect', resolve);
      again.once('connect_error', reject);
    });
    again.close();
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  });

  it('refuses to start with a bad setting, naming it', () => {
    const result = spawnSync(process.execPath, ['server/dist/main.js'], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT');
  });
});

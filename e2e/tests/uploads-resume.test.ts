import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as tus from 'tus-js-client';
import { runBuiltServer, type ServerProcess } from '../src/server-process';
import { sineWav } from '../src/wav';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A browser-like client of one server: the session cookie, and calls of backend functions. */
function clientOf(server: ServerProcess, cookie = '') {
  return {
    cookie: () => cookie,
    async post(pathname: string, body: unknown) {
      const res = await fetch(`${server.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify(body),
      });
      const setCookie = res.headers.getSetCookie()[0];
      if (setCookie) cookie = setCookie.split(';')[0]!;
      return (await res.json()) as { value?: unknown };
    },
  };
}

function upload(
  base: string,
  bytes: Buffer,
  cookie: string,
  options: { roomId?: string; uploadUrl?: string; stopAfter?: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const running: tus.Upload = new tus.Upload(bytes, {
      endpoint: `${base}/api/uploads`,
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      metadata: { roomId: options.roomId ?? '', filename: 'Long Tone - Resumed.wav' },
      headers: { cookie },
      chunkSize: 1024 * 1024,
      retryDelays: [],
      onProgress: (sent) => {
        if (options.stopAfter !== undefined && sent >= options.stopAfter) resolve(running.url!);
      },
      onSuccess: () => resolve(running.url!),
      onError: reject,
    });
    running.start();
  });
}

// An upload interrupted by a server killed without warning goes on, byte-exact, after it restarts.
describe('a resumable upload', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-resume-'));
  const servers: ServerProcess[] = [];
  const startServer = async () => {
    const server = await runBuiltServer({ DATA_DIR: dataDir });
    servers.push(server);
    return server;
  };
  // A test that timed out did not stop its server: one left running slows every file after it.
  afterAll(() => {
    servers.forEach((server) => server.child.kill('SIGKILL'));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives kill -9 of the server halfway and ends with the same bytes', async () => {
    const source = sineWav(60);
    const first = await startServer();
    const owner = clientOf(first);
    await owner.post('/api/auth/register', {
      name: 'Resumer',
      username: 'resumer',
      email: 'resumer@example.com',
      password: 'long enough',
    });
    const room = (await owner.post('/api/mutation', {
      path: 'rooms.create',
      args: { name: 'Resume room', room_url: 'resume-room' },
    })) as { value: { _id: string } };
    const roomId = room.value._id;
    const url = await upload(first.url, source, owner.cookie(), {
      roomId,
      stopAfter: 3 * 1024 * 1024,
    });
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startServer();
    const uploadUrl = `${second.url}${new URL(url).pathname}`;
    const head = await fetch(uploadUrl, {
      method: 'HEAD',
      headers: { 'tus-resumable': '1.0.0', cookie: owner.cookie() },
    });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(source.length);
    await upload(second.url, source, owner.cookie(), { uploadUrl });

    const again = clientOf(second, owner.cookie());
    let track: { _id: string; status: string } | undefined;
    for (let i = 0; i < 300 && track?.status !== 'ready'; i += 1) {
      const list = (await again.post('/api/query', { path: 'tracks.list', args: { roomId } })) as {
        value: { tracks: { _id: string; status: string }[] };
      };
      track = list.value.tracks[0];
      if (track?.status !== 'ready') await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(track?.status).toBe('ready');
    const audio = await fetch(`${second.url}/api/tracks/${track!._id}/audio`, {
      headers: { cookie: owner.cookie() },
    });
    expect(sha256(Buffer.from(await audio.arrayBuffer()))).toBe(sha256(source));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });
});

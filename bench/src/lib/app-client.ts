import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import * as tus from 'tus-js-client';

/**
 * What several benches do to the running app as a person would: sign up, make a room, upload a
 * file over tus, wait for it to be processed, call functions. `base` is the server's address.
 */
export function appClient(base: string) {
  async function post(pathname: string, body: unknown, cookie = '') {
    const res = await fetch(`${base}${pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    return { res, body: (await res.json()) as { value?: unknown; errorMessage?: string } };
  }

  /** Calls a function; its value, or an error naming the function and the server's message. */
  async function call<T>(kind: 'query' | 'mutation', path: string, args: object, cookie = '') {
    const { res, body } = await post(`/api/${kind}`, { path, args }, cookie);
    if (!res.ok) throw new Error(`${path} answered ${res.status}: ${body.errorMessage ?? ''}`);
    return body.value as T;
  }

  /** A new signed-in account: its session cookie (`name=value`) and username. */
  async function register(name: string) {
    const username = `bench_${name}`;
    const { res } = await post('/api/auth/register', {
      name: 'Bench',
      username,
      email: `bench-${name}@example.com`,
      password: 'bench password',
    });
    return { cookie: res.headers.getSetCookie()[0]!.split(';')[0]!, username };
  }

  /** A signed-in owner of a fresh room: the cookie, the room id and its address. */
  async function ownerWithRoom(name: string) {
    const { cookie } = await register(name);
    const roomUrl = `bench-${name}`;
    const room = await call<{ _id: string }>(
      'mutation',
      'rooms.create',
      { name: `Bench ${name}`, room_url: roomUrl },
      cookie,
    );
    return { cookie, roomId: room._id, roomUrl };
  }

  /** A new account that the owner makes a participant of the room: its cookie. */
  async function participant(name: string, roomId: string, ownerCookie: string) {
    const { cookie, username } = await register(name);
    await call(
      'mutation',
      'rooms.addUser',
      { roomId, usernameOrEmail: username, role: 'participant' },
      ownerCookie,
    );
    return cookie;
  }

  type Sent = { url: string; sent: number };

  function upload(
    bytes: Buffer,
    cookie: string,
    roomId: string,
    options: { uploadUrl?: string; abortAt?: number; chunkSize?: number; filename?: string } = {},
  ): Promise<Sent> {
    return new Promise((resolve, reject) => {
      let sent = 0;
      const running: tus.Upload = new tus.Upload(bytes, {
        endpoint: `${base}/api/uploads`,
        ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
        metadata: { roomId, filename: options.filename ?? 'Bench - Noise.wav' },
        headers: { cookie },
        chunkSize: options.chunkSize ?? 8 * 1024 * 1024,
        retryDelays: [],
        onProgress: (bytesSent) => {
          sent = bytesSent;
          if (options.abortAt !== undefined && bytesSent >= options.abortAt) {
            void running.abort().then(() => resolve({ url: running.url!, sent }));
          }
        },
        onSuccess: () => resolve({ url: running.url!, sent }),
        onError: reject,
      });
      running.start();
    });
  }

  /** Waits until every track of the room has left processing; answers their ids. */
  async function waitReady(cookie: string, roomId: string): Promise<string[]> {
    for (;;) {
      const { tracks } = await call<{ tracks: { _id: string; status: string }[] }>(
        'query',
        'tracks.list',
        { roomId },
        cookie,
      );
      if (tracks.length > 0 && tracks.every((track) => track.status !== 'processing')) {
        return tracks.map((track) => track._id);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return { post, call, register, ownerWithRoom, participant, upload, waitReady };
}

/** A WAV header in front of noise: audio the server processes, of exactly `size` bytes. */
export function wavNoise(size: number): Buffer {
  const file = randomBytes(size);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(size - 8, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44_100, 24);
  header.writeUInt32LE(44_100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(size - 44, 40);
  header.copy(file);
  return file;
}

/** A process's resident memory, from /proc (Linux). */
export function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

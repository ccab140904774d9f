import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PlayerCommand, TrackId } from '@music-rooms/domain';
import { appClient, rssOf, wavNoise } from '../lib/app-client';
import { startAppServer, stopServer } from '../lib/servers';
import { percentile, round } from '../lib/stats';
import { openSwarms } from '../lib/swarm';
import type { Bench } from '../lib/types';

const PORT = 39_400;
const BASE = `http://127.0.0.1:${PORT}`;
const LISTENERS = Number(process.env.BENCH_LISTENERS ?? 1000);
const IDLE = 5000;
const COMMANDS = 40;
const MB = 1024 * 1024;
/** A minute of audio: the commands below never reach its end, so nothing advances on its own. */
const TRACK_BYTES = 44 + 44_100 * 4 * 60;

const app = appClient(BASE);
const now = () => performance.timeOrigin + performance.now();

/** Pause, seek and play by turns after the select: each one a change every listener hears. */
function commandAt(index: number): PlayerCommand {
  if (index % 3 === 0) return { type: 'pause' };
  if (index % 3 === 1) return { type: 'seek', positionMs: 1000 + 500 * index };
  return { type: 'play' };
}

type Revisioned = { state: { revision: number } };

/**
 * A room followed by a thousand connections: for each command, how long from sending it until
 * the last of them heard the change (and the median one). Then the server's memory with five
 * thousand connections open and idle.
 */
async function measure(dataDir: string) {
  const server = await startAppServer(dataDir, PORT);
  try {
    const { cookie, roomId } = await app.ownerWithRoom('fanout');
    await app.upload(wavNoise(TRACK_BYTES), cookie, roomId, { filename: 'Bench - Minute.wav' });
    const [trackId] = await app.waitReady(cookie, roomId);
    const rssBefore = rssOf(server.pid!);

    const swarms = await openSwarms({
      url: BASE,
      roomId,
      count: LISTENERS,
      processes: 4,
      follow: true,
    });
    const view = await app.call<Revisioned>('query', 'player.get', { roomId }, cookie);
    let revision = view.state.revision;
    const last: number[] = [];
    const median: number[] = [];
    const commands: PlayerCommand[] = [{ type: 'select', trackId: trackId as TrackId }];
    for (let i = 0; i < COMMANDS; i += 1) commands.push(commandAt(i));
    for (const command of commands) {
      const sentAt = now();
      const answer = await app.call<Revisioned>(
        'mutation',
        'player.command',
        { roomId, revision, command },
        cookie,
      );
      revision = answer.state.revision;
      const delays = (await swarms.heard(revision)).map((at) => at - sentAt);
      last.push(Math.max(...delays));
      median.push(percentile(delays, 50));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rssListening = rssOf(server.pid!);
    await swarms.close();

    const idle = await openSwarms({ url: BASE, roomId, count: IDLE, processes: 5, follow: false });
    const rssIdle = rssOf(server.pid!);
    await idle.close();
    return {
      listeners: LISTENERS,
      commands: commands.length,
      lastDeliveryP50Ms: round(percentile(last, 50)),
      lastDeliveryP99Ms: round(percentile(last, 99)),
      medianDeliveryP50Ms: round(percentile(median, 50)),
      serverRssMBListening: round(rssListening / MB),
      idleConnections: IDLE,
      serverRssMBWith5000Idle: round(rssIdle / MB),
      serverRssMBBefore: round(rssBefore / MB),
    };
  } finally {
    await stopServer(server);
  }
}

export const playerFanoutBench: Bench = {
  name: 'player-fanout',
  description: `a player command heard by ${LISTENERS} Socket.IO clients in one room; memory with ${IDLE} idle connections`,
  run: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-bench-fanout-'));
    try {
      return await measure(dataDir);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

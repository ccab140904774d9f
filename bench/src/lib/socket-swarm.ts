// A swarm of Socket.IO clients in a process of its own, driven over IPC by a bench: opens
// `count` guest connections to the app, each following the room's player as a live query, and
// reports when each connection heard each revision (epoch ms). Several swarms share the load so
// that no single client process is what makes deliveries late.
//   node --import tsx bench/src/lib/socket-swarm.ts  (started by swarm.ts)
import { io, type Socket } from 'socket.io-client';

export type SwarmRequest =
  { type: 'open'; url: string; count: number; roomId: string; follow: boolean } | { type: 'close' };

export type SwarmReport =
  | { type: 'opened'; count: number }
  | { type: 'heard'; revision: number; at: number[] }
  | { type: 'failed'; message: string };

const send = (report: SwarmReport) => process.send?.(report);
const now = () => performance.timeOrigin + performance.now();

const sockets: Socket[] = [];
const heard = new Map<number, number[]>();
let expected = 0;

/** A guest's realtime token: one opens any number of connections while it lasts. */
async function guestToken(url: string): Promise<string> {
  const res = await fetch(`${url}/api/realtime/token`);
  if (!res.ok) throw new Error(`realtime token: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, {
    path: '/socket.io',
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    timeout: 60_000,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

type PlayerValue = { value: { state: { revision: number } } };

/** A connection heard a revision: counted once per connection, however often it came. */
function hear(revision: number): void {
  const times = heard.get(revision) ?? [];
  times.push(now());
  heard.set(revision, times);
  if (times.length === expected) {
    heard.delete(revision);
    send({ type: 'heard', revision, at: times });
  }
}

/**
 * Each revision of the player is reported once every connection has heard it. Each socket
 * follows one live query, so every value it gets, by itself (`query:value`) or as its channel's
 * broadcast (`query:shared`), is that query's; a revision heard twice counts once.
 */
function follow(socket: Socket, index: number, roomId: string): void {
  const seen = new Set<number>();
  const onValue = ({ value }: PlayerValue) => {
    const { revision } = value.state;
    if (seen.has(revision)) return;
    seen.add(revision);
    hear(revision);
  };
  socket.on('query:value', onValue);
  socket.on('query:shared', onValue);
  socket.on('query:error', ({ errorMessage }: { errorMessage: string }) =>
    send({ type: 'failed', message: `player.get refused: ${errorMessage}` }),
  );
  socket.emit('subscribe', { id: `player-${index}`, path: 'player.get', args: { roomId } });
}

async function open(request: Extract<SwarmRequest, { type: 'open' }>): Promise<void> {
  expected = request.count;
  const token = await guestToken(request.url);
  // A few at a time: a thousand handshakes at once would be a test of the accept queue.
  for (let start = 0; start < request.count; start += 50) {
    const batch = Array.from({ length: Math.min(50, request.count - start) }, () =>
      connect(request.url, token),
    );
    for (const socket of await Promise.all(batch)) {
      if (request.follow) follow(socket, sockets.length, request.roomId);
      sockets.push(socket);
    }
  }
  send({ type: 'opened', count: sockets.length });
}

process.on('message', (request: SwarmRequest) => {
  if (request.type === 'open') {
    open(request).catch((error: Error) => send({ type: 'failed', message: error.message }));
  } else {
    for (const socket of sockets) socket.disconnect();
    process.exit(0);
  }
});

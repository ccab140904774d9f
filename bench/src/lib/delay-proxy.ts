import net from 'node:net';

/**
 * A TCP proxy on loopback that holds every chunk, each way, for `delayMs ± jitterMs` (uniform)
 * before passing it on: a listener far from the server, on a line whose delay wanders. Bytes
 * keep their order: a chunk never leaves before the one ahead of it.
 */
export type DelayProxy = { port: number; close: () => Promise<void> };

export type DelayOptions = { target: number; delayMs: number; jitterMs: number };

/**
 * Passes one direction on, each chunk delayed, in order: chunks wait in one queue, and one timer
 * at a time releases those that are due (separate timers per chunk could fire out of order).
 */
function delayed(from: net.Socket, to: net.Socket, { delayMs, jitterMs }: DelayOptions): void {
  const queue: { due: number; chunk: Buffer | null }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const release = () => {
    timer = null;
    while (queue.length > 0 && queue[0]!.due <= performance.now()) {
      const { chunk } = queue.shift()!;
      if (to.destroyed) continue;
      if (chunk) to.write(chunk);
      else to.end();
    }
    if (queue.length > 0) timer = setTimeout(release, queue[0]!.due - performance.now());
  };
  const hold = (chunk: Buffer | null) => {
    const wanted = performance.now() + delayMs + (Math.random() * 2 - 1) * jitterMs;
    // Never before the chunk ahead of it: the line keeps the bytes' order.
    const due = Math.max(wanted, queue[queue.length - 1]?.due ?? 0);
    queue.push({ due, chunk });
    timer ??= setTimeout(release, due - performance.now());
  };
  from.on('data', (chunk: Buffer) => hold(chunk));
  // The end goes after the data still held.
  from.on('end', () => hold(null));
}

/** Starts the proxy in front of `127.0.0.1:target`, on a free loopback port. */
export function startDelayProxy(options: DelayOptions): Promise<DelayProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(options.target, '127.0.0.1');
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    delayed(client, upstream, options);
    delayed(upstream, client, options);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        close: () =>
          new Promise((done) => {
            sockets.forEach((socket) => socket.destroy());
            server.close(() => done());
          }),
      });
    });
  });
}

/**
 * A check of the proxy, run before it is used: bytes sent in many small writes through it to an
 * echo server and back arrive whole and in order, each way held about as long as asked.
 */
export async function checkDelayProxy(): Promise<void> {
  const echo = net.createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
  const target = (echo.address() as net.AddressInfo).port;
  const proxy = await startDelayProxy({ target, delayMs: 5, jitterMs: 4 });
  const sent = Buffer.from(Array.from({ length: 20_000 }, (_, i) => i % 251));
  try {
    const client = net.connect(proxy.port, '127.0.0.1');
    const received: Buffer[] = [];
    const startedAt = performance.now();
    const whole = new Promise<void>((resolve) => {
      let length = 0;
      client.on('data', (chunk: Buffer) => {
        received.push(chunk);
        length += chunk.length;
        if (length >= sent.length) resolve();
      });
    });
    for (let at = 0; at < sent.length; at += 100) {
      client.write(sent.subarray(at, at + 100));
      if (at % 2_000 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await whole;
    const tookMs = performance.now() - startedAt;
    client.destroy();
    if (!Buffer.concat(received).equals(sent) || tookMs < 2) {
      throw new Error(`the delay proxy broke the stream (or held nothing: ${tookMs} ms)`);
    }
  } finally {
    await proxy.close();
    echo.close();
  }
}

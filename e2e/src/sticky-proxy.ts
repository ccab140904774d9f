import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** The cookie that keeps a client on the node that first answered it. */
export const NODE_COOKIE = 'node';

export type StickyProxy = {
  url: string;
  /** WebSocket upgrades passed to each node, by index. */
  upgrades: number[];
  close: () => Promise<void>;
};

const nodeOf = (cookie: string | undefined, count: number): number | null => {
  const match = new RegExp(`(?:^|;\\s*)${NODE_COOKIE}=(\\d+)`).exec(cookie ?? '');
  const index = match ? Number(match[1]) : null;
  return index !== null && index < count ? index : null;
};

/**
 * A load balancer as README "Several nodes" asks for, small enough to read: a client without the
 * node cookie goes to the next node in turn and is handed the cookie, a client with it always
 * goes to that node (Socket.IO's long-polling needs it), and WebSocket upgrades are passed
 * through as raw bytes, or refused (`webSockets: false`, as a proxy that does not pass them
 * does). The nodes trust its X-Forwarded-* headers (TRUST_PROXY=true).
 */
export async function startStickyProxy(
  port: number,
  nodeUrls: string[],
  { webSockets = true }: { webSockets?: boolean } = {},
): Promise<StickyProxy> {
  const nodes = nodeUrls.map((url) => new URL(url));
  const upgrades = nodes.map(() => 0);
  const sockets = new Set<net.Socket>();
  let turn = 0;

  const route = (req: http.IncomingMessage) => {
    const pinned = nodeOf(req.headers.cookie, nodes.length);
    const index = pinned ?? turn++ % nodes.length;
    const forwarded = {
      'x-forwarded-for': req.socket.remoteAddress ?? '',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': req.headers.host ?? '',
    };
    return { index, node: nodes[index]!, pinned: pinned !== null, forwarded };
  };

  const server = http.createServer((req, res) => {
    const { index, node, pinned, forwarded } = route(req);
    const upstream = http.request(
      {
        host: node.hostname,
        port: node.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, ...forwarded },
      },
      (answer) => {
        const cookies = answer.headers['set-cookie'] ?? [];
        const pin = `${NODE_COOKIE}=${index}; Path=/; HttpOnly; SameSite=Lax`;
        const headers = { ...answer.headers, 'set-cookie': pinned ? cookies : [...cookies, pin] };
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.headersSent || res.writeHead(502).end());
    req.pipe(upstream);
  });

  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    if (!webSockets) {
      client.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    const { index, node, forwarded } = route(req);
    upgrades[index] = (upgrades[index] ?? 0) + 1;
    const upstream = net.connect(Number(node.port), node.hostname, () => {
      const headers = { ...req.headers, ...forwarded };
      const lines = Object.entries(headers).flatMap(([name, value]) =>
        (Array.isArray(value) ? value : [value ?? '']).map((one) => `${name}: ${one}`),
      );
      upstream.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
  });

  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    upgrades,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

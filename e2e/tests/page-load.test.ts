import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { describe, expect, test as base } from '../src/fixtures';
import { builtPreloads, dist } from './support/built-preloads';
import { playerBar, snapshot } from './support/player';
import { startStickyProxy } from '../src/sticky-proxy';
import { createRoomAs, signInContext } from './support/rooms';

/**
 * A room page waits for its first reads a second before it goes out without them; with the
 * other suites on the machine's two cores they have taken longer than that. What is tested here
 * is what the page carries, so the page waits for them as long as a test may.
 */
const test = base.extend(
  'serverOptions',
  { scope: 'file' },
  { rooms: { firstReadsWaitMs: 60_000 } },
);

/** The scripts and styles a page as sent names in its head (the entry and every preload). */
async function namedInShell(url: string, headers: Record<string, string>): Promise<Set<string>> {
  const html = await fetch(url, { headers }).then((answer) => answer.text());
  const named = [...html.matchAll(/<(?:link|script) [^>]*(?:href|src)="(\/assets\/[^"]+)"/g)];
  return new Set(named.map((match) => match[1]!));
}

/** Every script and style the page asks the server for, in order (paths). */
function assetRequests(page: Page, origin: string): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    const address = new URL(request.url());
    if (address.origin === origin && /^\/assets\/.+\.(js|css)$/.test(address.pathname)) {
      requests.push(request);
    }
  });
  return requests;
}

const pathOf = (request: Request) => new URL(request.url()).pathname;

/** The function each POST /api/query the page sent read, with when it was sent (page ms). */
function queriesOf(requests: Request[]) {
  return requests.map((request) => ({
    path: (JSON.parse(request.postData() ?? '{}') as { path?: string }).path,
    sentMs: request.timing().startTime,
    answeredMs: request.timing().startTime + request.timing().responseEnd,
  }));
}

// A page's first load: the page the server sends names what its first view fetches
// (server/src/routes/page-shell.ts), and a room page's first reads go out as the app starts.
describe('a page’s first load', () => {
  test('a room page in Russian fetches every script of its first view once, each named in the page as sent', async ({
    context,
    page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, {
      name: 'Предзагрузка',
      room_url: 'preload-room',
    });
    await signInContext(context, server, member);
    const requests = assetRequests(page, server.url);
    const address = `${server.url}/ru/room/${room.room_url}`;
    await page.goto(address);
    await page.getByRole('heading', { level: 1, name: 'Предзагрузка' }).waitFor();
    // What the first view fetched (the connection's long poll does not count: it keeps going).
    await page.waitForLoadState('networkidle');
    const fetched = requests.map(pathOf);

    const named = await namedInShell(address, { cookie: member.cookie });
    // The app's and the page's chunks (the realtime connection's among them), the Russian
    // messages (both parts).
    for (const script of builtPreloads().pages.room.scripts) {
      expect(fetched, script).toContain(script);
    }
    expect(fetched.some((file) => file.startsWith('/assets/realtime-connection-'))).toBe(true);
    expect(fetched.filter((file) => file.startsWith('/assets/ru-'))).toHaveLength(2);
    expect(fetched.some((file) => file.startsWith('/assets/en-'))).toBe(false);
    // Each once: a preload the page's own loader did not recognise would be fetched again.
    expect(fetched.length).toBe(new Set(fetched).size);
    // Every file the first view's code imports was named; the signed-in frame's access-request
    // notices (RootLayout) load on their own once the session is known, on every page alike.
    const unnamed = requests
      .filter((request) => !named.has(pathOf(request)))
      .map((request) => `${pathOf(request)} ← ${request.frame().url()}`);
    expect(unnamed.filter((line) => !/AccessRequestNotices/.test(line))).toEqual([]);
  });

  test('a room page comes with its room and player read, and asks for none of them', async ({
    context,
    page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Early reads', room_url: 'early' });
    await signInContext(context, server, member);
    const queries: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/query')) queries.push(request);
    });
    await page.goto(`${server.url}/room/${room.room_url}`);
    await page.getByRole('heading', { level: 1, name: 'Early reads' }).waitFor();
    await playerBar(page).getByRole('button', { name: 'Play' }).waitFor();
    await page.waitForLoadState('networkidle');
    // The server answered them in the page (server/src/routes/first-reads.ts): the room's info,
    // the room and its player went out with no request of their own.
    const read = queriesOf(queries).map((query) => query.path);
    for (const path of ['rooms.getRoomInfoByUrl', 'rooms.get', 'player.get']) {
      expect(read, path).not.toContain(path);
    }
  });

  test('a room page opens a WebSocket at once, asking for its token while it opens', async ({
    context,
    page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Token', room_url: 'token-early' });
    await signInContext(context, server, member);
    let tokenAskedAt: number | null = null;
    let handshakeAt: number | null = null;
    const polls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/realtime/token')) tokenAskedAt ??= performance.now();
      if (request.url().includes('/socket.io/')) polls.push(request.url());
    });
    // Engine.IO's first frame ("0{…}") answers the transport's handshake.
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/socket.io/')) return;
      socket.on('framereceived', () => (handshakeAt ??= performance.now()));
    });
    await page.goto(`${server.url}/room/${room.room_url}`);
    await page.getByRole('heading', { level: 1, name: 'Token' }).waitFor();
    await expect.poll(() => handshakeAt).not.toBeNull();
    // Before the transport's handshake answered, not after (Socket.IO asks for its auth then).
    expect(tokenAskedAt).not.toBeNull();
    expect(tokenAskedAt!).toBeLessThan(handshakeAt!);
    // No long-polling first: its handshake and first messages were round trips of their own.
    expect(polls).toEqual([]);
  });

  test('a room page knows the server’s clock from the page itself, before its connection opens', async ({
    context,
    page,
    server,
    member,
  }) => {
    const room = await createRoomAs(server, member, { name: 'Clock', room_url: 'page-clock' });
    await signInContext(context, server, member);
    // The connection's token is held: no clock probe can go out until it is let through.
    let letThrough: () => void = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route('**/api/realtime/token', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/room/${room.room_url}`);
    await page.getByRole('heading', { level: 1, name: 'Clock' }).waitFor();
    await expect.poll(async () => (await snapshot(page))?.serverNow ?? null).not.toBeNull();
    // The server's clock is this machine's (server/src/services/server-clock.ts): the page's
    // estimate of it falls between the moments around its reading, within the page's round trip.
    const before = Date.now();
    const shot = (await snapshot(page))!;
    const after = Date.now();
    expect(shot.rttMs).not.toBeNull();
    expect(shot.serverNow!).toBeGreaterThan(before - 1 - shot.rttMs! / 2);
    expect(shot.serverNow!).toBeLessThan(after + 1 + shot.rttMs! / 2);
    letThrough();
  });

  test('where WebSockets do not get through, a room page connects by long-polling', async ({
    context,
    page,
    server,
    member,
  }) => {
    const proxy = await startStickyProxy(0, [server.url], { webSockets: false });
    try {
      const room = await createRoomAs(server, member, { name: 'Polled', room_url: 'polled' });
      await signInContext(context, server, member);
      const tried: string[] = [];
      page.on('websocket', (socket) => tried.push(socket.url()));
      const connected = new Promise<void>((resolve) => {
        page.on('response', (response) => {
          if (!response.url().includes('/socket.io/')) return;
          // Socket.IO's answer to the connection ("40{…}"), among the poll's packets.
          void response.text().then(
            (text) => text.split('\x1e').some((packet) => packet.startsWith('40{')) && resolve(),
            () => {},
          );
        });
      });
      await page.goto(`${proxy.url}/room/${room.room_url}`);
      await page.getByRole('heading', { level: 1, name: 'Polled' }).waitFor();
      await connected;
      // It tried a WebSocket first.
      expect(tried.some((url) => url.includes('/socket.io/'))).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  test('every file a page’s first view names is there', async ({ server }) => {
    const { pages, messages } = builtPreloads();
    const files = [
      ...Object.values(pages).flatMap((page) => [...page.scripts, ...page.styles]),
      ...Object.values(messages).flatMap((parts) => Object.values(parts)),
    ];
    const missing: string[] = [];
    for (const file of new Set(files)) {
      const answer = await fetch(server.url + file);
      if (!answer.ok) missing.push(`${file}: ${answer.status}`);
    }
    expect(missing).toEqual([]);
  });

  test('sends each script as the build compressed it, not compressed again per request', async ({
    server,
  }) => {
    const script = builtPreloads().pages.room.scripts[0]!;
    for (const [encoding, suffix] of [
      ['br', '.br'],
      ['gzip', '.gz'],
    ] as const) {
      const answer = await fetch(server.url + script, { headers: { 'accept-encoding': encoding } });
      expect(answer.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes the body: the bytes sent are the stored file's, which decodes to the script.
      expect(Number(answer.headers.get('content-length'))).toBe(
        fs.statSync(path.join(dist, script + suffix)).size,
      );
      expect(await answer.text()).toBe(fs.readFileSync(path.join(dist, script), 'utf8'));
    }
  });
});

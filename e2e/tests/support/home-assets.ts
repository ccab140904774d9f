import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Page, Request } from 'playwright-core';

/** Where the production build's files are: what the server under test serves. */
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

const SHOWN_MARK = 'room-list-shown';

/**
 * The scripts and styles the page asked for before the room card named `roomName` appeared
 * (paths on the server). The page marks the moment the card enters the document itself, so
 * what loads right after it (the realtime connection) is told apart however soon it follows.
 */
export async function assetsBeforeRoomCard(
  page: Page,
  url: string,
  roomName: string,
): Promise<string[]> {
  await page.addInitScript(
    ({ name, mark }) => {
      const observer = new MutationObserver(() => {
        const cards = document.querySelectorAll('article');
        if (!Array.from(cards).some((card) => card.textContent?.includes(name))) return;
        performance.mark(mark);
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    },
    { name: roomName, mark: SHOWN_MARK },
  );
  const requests: Request[] = [];
  page.on('request', (request) => {
    const address = new URL(request.url());
    if (address.origin === new URL(url).origin && /\.(js|css)$/.test(address.pathname)) {
      requests.push(request);
    }
  });
  await page.goto(url);
  await page.getByRole('article', { name: roomName, exact: true }).waitFor();
  const shownAt = await page.evaluate(
    (mark) => performance.timeOrigin + performance.getEntriesByName(mark)[0]!.startTime,
    SHOWN_MARK,
  );
  // A request's start time is known once it has finished.
  await Promise.all(requests.map((request) => request.response()));
  return requests
    .filter((request) => request.timing().startTime <= shownAt)
    .map((request) => new URL(request.url()).pathname);
}

/** The size of a built file once gzipped, as the server sends it to a browser asking for gzip. */
export function gzipSize(file: string): number {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length;
}

/** The bytes the server sends for a file to a browser that accepts gzip (small files go plain). */
export async function gzipTransferSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

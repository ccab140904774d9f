import * as tus from 'tus-js-client';
import type { Page } from 'playwright-core';
import { FUNCTION_ENDPOINTS } from '@music-rooms/domain/functions';
import type { TrackListResult, TrackSummary } from '@music-rooms/domain/tracks';
import type { E2EServer } from './harness';

/**
 * Tracks journeys: files as the browser gets them (chosen or dropped), and tracks put into a
 * room over tus as a second browser would, to set the scene.
 */

/** A file for Playwright's file chooser, or for a drop. */
export type FilePayload = { name: string; mimeType: string; buffer: Buffer };

export const wavFile = (name: string, buffer: Buffer): FilePayload => ({
  name,
  mimeType: 'audio/wav',
  buffer,
});

/** Chooses files with the room page's Upload button. */
export async function chooseFiles(page: Page, files: FilePayload[], button = 'Upload') {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await (await chooser).setFiles(files);
}

/**
 * Drags files over the page and drops them, as a file manager would: dragenter, dragover and
 * drop carrying a DataTransfer that holds the files. Resolves once the overlay was shown.
 */
export async function dropFiles(page: Page, files: FilePayload[], overlayTimeoutMs = 10_000) {
  const transfer = await page.evaluateHandle(
    (payload) => {
      const data = new DataTransfer();
      for (const file of payload) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return data;
    },
    files.map((file) => ({
      name: file.name,
      mimeType: file.mimeType,
      base64: file.buffer.toString('base64'),
    })),
  );
  const target = page.locator('main');
  await target.dispatchEvent('dragenter', { dataTransfer: transfer });
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByText('Drop files to upload').waitFor({ timeout: overlayTimeoutMs });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Uploads a file into a room over tus with the person's session cookie. */
export function uploadAs(
  server: E2EServer,
  cookie: string,
  roomId: string,
  file: FilePayload,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: tus.Upload = new tus.Upload(file.buffer, {
      endpoint: `${server.url}/api/uploads`,
      metadata: { roomId, filename: file.name, filetype: file.mimeType },
      headers: { cookie },
      retryDelays: [],
      onSuccess: () => resolve(upload.url ?? ''),
      onError: reject,
    });
    upload.start();
  });
}

/** The room's tracks, as its owner reads them. */
export async function listTracksAs(
  server: E2EServer,
  cookie: string,
  roomId: string,
): Promise<TrackSummary[]> {
  const response = await fetch(server.url + FUNCTION_ENDPOINTS.query, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ path: 'tracks.list', args: { roomId } }),
  });
  const body = (await response.json()) as { status: string; value: TrackListResult };
  if (body.status !== 'success') throw new Error(`tracks.list failed: ${JSON.stringify(body)}`);
  return body.value.tracks;
}

/** Waits until the room holds `count` tracks, all ready (processing runs in the background). */
export async function waitForReadyTracks(
  server: E2EServer,
  cookie: string,
  roomId: string,
  count: number,
): Promise<TrackSummary[]> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const tracks = await listTracksAs(server, cookie, roomId);
    if (tracks.length === count && tracks.every((track) => track.status === 'ready')) return tracks;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the room did not get ${count} ready tracks`);
}

/** The titles of the track rows in view, in order. */
export async function rowTitles(page: Page): Promise<string[]> {
  return page.getByTestId('track-list').locator('.track-row__name').allTextContents();
}

/** A track's row in the list. */
export const trackRow = (page: Page, title: string) =>
  page.getByRole('listitem', { name: title, exact: true });

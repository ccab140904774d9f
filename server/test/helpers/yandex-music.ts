import { expect } from 'vitest';
import { ACTIVE_ITEM_STATUSES, errorText, type ImportView, type RoomId } from '@music-rooms/domain';
import type { FunctionBody, JsonReply, SessionClient } from './factories';
import { test } from './fixtures';
import { TEST_TIMINGS, TOKEN, startLibraryDouble } from './yandex-music-library';

export * from './yandex-music-library';

/**
 * The integration tests' app talking to a double of the service (`double`), with short
 * timings. A file that needs other settings extends it with its own `appEnv` or `appOptions`, as
 * usual.
 */
export const serviceTest = test
  // Vitest reads a fixture's dependencies from its first parameter's pattern: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('double', { scope: 'file' }, async ({}, { onCleanup }) => {
    const double = await startLibraryDouble();
    onCleanup(() => double.close());
    return double;
  })
  .extend('appEnv', { scope: 'file' }, ({ double }) => ({
    YANDEX_MUSIC_API_URL: double.url,
    YANDEX_MUSIC_ALLOW_LOOPBACK_DOWNLOADS: 'true',
  }))
  .extend('appOptions', { scope: 'file' }, { config: { yandexMusic: TEST_TIMINGS } });

/** Every track is done with, and so is the import: it is marked finished just after its last track. */
const settled = (view: ImportView) =>
  view.status !== 'active' &&
  view.items.every((item) => !ACTIVE_ITEM_STATUSES.includes(item.status));

/** Polls an import until it and all its tracks are done with (jobs run in the background). */
export async function waitForImport(
  client: SessionClient,
  importId: string,
  until: (view: ImportView) => boolean = settled,
  timeoutMs = 45_000,
): Promise<ImportView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.call('yandexMusic.importStatus', { importId });
    expect(res.body.status, JSON.stringify(res.body)).toBe('success');
    const view = res.body.value as ImportView;
    if (until(view)) return view;
    if (Date.now() > deadline) {
      throw new Error(
        `import stayed ${JSON.stringify(view.items.map((i) => [i.title, i.status, i.failure]))}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A call refused with this key (560); the answer's English names the same reason. */
export function expectRefused(res: JsonReply<FunctionBody>, key: string): void {
  expect(res.status, JSON.stringify(res.body)).toBe(560);
  expect(res.body.errorData.key).toBe(key);
  expect(res.body.errorMessage).toContain(errorText(key).split(':')[0]!);
}

/** Starts an import and answers its view (the call must succeed). */
export async function startImport(
  client: SessionClient,
  roomId: RoomId,
  trackIds: string[],
  token = TOKEN,
): Promise<ImportView> {
  const res = await client.call('yandexMusic.import', { token, roomId, trackIds });
  expect(res.body.status, JSON.stringify(res.body)).toBe('success');
  return res.body.value as ImportView;
}

import type {
  DevDownloadLink,
  DevDownloadScheme,
  DevServiceAccount,
  DevServiceOutcome,
  ResolvedLink,
  ServiceSearchResult,
} from '@music-rooms/domain';
import { accountOf, resolveLink, searchTracks } from '../yandex-music/catalog';
import type { ExchangeRecorder, YandexMusicClient } from '../yandex-music/client';
import { directLink } from '../yandex-music/download';
import { fileInfoLink } from '../yandex-music/file-info';
import { recordedTry } from './service-exchanges';

/**
 * The streaming service as /dev/yandex-music-test and its v2 page try it, with the token typed
 * in the page: the same calls the import makes, each answer kept raw beside what the app read.
 */

type Probe<T> = (client: YandexMusicClient, record: ExchangeRecorder) => Promise<T>;

function probe<T>(client: YandexMusicClient, token: string, run: Probe<T>) {
  return recordedTry(token, (record) => run(client.recording(record), record));
}

export const probeAccount = (
  client: YandexMusicClient,
  token: string,
): Promise<DevServiceOutcome<DevServiceAccount>> =>
  probe(client, token, (recording) => accountOf(recording, token));

export const probeLink = (
  client: YandexMusicClient,
  token: string,
  url: string,
): Promise<DevServiceOutcome<ResolvedLink>> =>
  probe(client, token, (recording) => resolveLink(recording, token, url));

export const probeSearch = (
  client: YandexMusicClient,
  token: string,
  query: string,
): Promise<DevServiceOutcome<ServiceSearchResult>> =>
  probe(client, token, (recording) => searchTracks(recording, token, query));

/** A track's file and signed link by one scheme, and how the link answers its first byte. */
export const probeDownload = (
  client: YandexMusicClient,
  token: string,
  trackId: string,
  scheme: DevDownloadScheme,
): Promise<DevServiceOutcome<DevDownloadLink>> =>
  probe(client, token, async (recording, record) => {
    const file =
      scheme === 'v1'
        ? await directLink(recording, token, trackId, recording.timeout()).then(
            ({ link, option }) => ({
              link,
              codec: option.codec ?? null,
              bitrateInKbps: option.bitrateInKbps ?? null,
            }),
          )
        : await fileInfoLink(recording, token, trackId);
    return {
      scheme,
      codec: file.codec,
      bitrateInKbps: file.bitrateInKbps,
      link: file.link.toString(),
      probe: await firstByte(recording, file.link, record),
    };
  });

/** The size a range answer names (`bytes 0-0/SIZE`), else its length. */
function sizeOf(headers: Headers): number | null {
  const total = /\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1];
  const size = Number(total ?? headers.get('content-length') ?? NaN);
  return Number.isFinite(size) ? size : null;
}

/** Asks the link for its first byte (as the import's download would start), reading no audio. */
async function firstByte(
  client: YandexMusicClient,
  link: URL,
  record: ExchangeRecorder,
): Promise<DevDownloadLink['probe']> {
  const started = performance.now();
  const seen = (status: number | null, contentType: string | null) =>
    record({
      method: 'GET',
      url: link,
      carriedToken: false,
      status,
      contentType,
      body: '',
      ms: Math.round(performance.now() - started),
    });
  try {
    const response = await client.fetchOutside(link, {
      headers: { range: 'bytes=0-0' },
      redirect: 'manual',
      signal: client.timeout(),
    });
    await response.body?.cancel();
    const contentType = response.headers.get('content-type');
    seen(response.status, contentType);
    return { status: response.status, contentType, size: sizeOf(response.headers as Headers) };
  } catch {
    seen(null, null);
    return { status: null, contentType: null, size: null };
  }
}

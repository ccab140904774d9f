import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_YANDEX_MUSIC_TIMINGS, type YandexMusicTimings } from '../../src/config';
import { makeAudioFixture } from './audio-fixtures';
import { YandexMusicDouble, type DoubleTrack } from './yandex-music-double';

/**
 * The double of the streaming service with a library of generated audio, for the integration
 * tests and the browser journeys alike (no test runner fixture here).
 */

/** The token of the double's account with a subscription, and of one without. */
export const TOKEN = 'y0_AgAAAAAListenerWithPlus0123456789abcdef';
export const TOKEN_WITHOUT_PLUS = 'y0_AgAAAAAListenerNoPlus0123456789abcdefgh';
/**
 * The token of an account without a subscription that likes nothing and whose catalogue
 * (another region's) lacks the track the others like first, `SIGNAL_TRACK_ID`.
 */
export const TOKEN_ELSEWHERE = 'y0_AgAAAAAListenerElsewhere0123456789abcd';
export const SIGNAL_TRACK_ID = '33311009';
export const UUID_PLAYLIST = 'lk.0f8c3a5e-1b2d-4c6e-9a7b-3d5f7e9a1c2b';

/** Timings short enough for tests: few tries, short waits, a lease that lapses quickly. */
export const TEST_TIMINGS: YandexMusicTimings = {
  ...DEFAULT_YANDEX_MUSIC_TIMINGS,
  requestTimeoutMs: 3000,
  downloadIdleTimeoutMs: 1500,
  maxAttempts: 2,
  holderLeaseMs: 1500,
};

const audioDir = await fs.mkdtemp(path.join(os.tmpdir(), 'music-rooms-yandex-audio-'));
const made = new Map<string, Promise<Buffer>>();

/** Generated MP3 (128 kbps), made once per kind. */
export function mp3(seconds: number, frequency: number, cover?: string): Promise<Buffer> {
  const key = `${seconds}-${frequency}-${cover ?? ''}`;
  if (!made.has(key)) {
    made.set(
      key,
      makeAudioFixture(audioDir, 'mp3', {
        seconds,
        frequency,
        ...(cover ? { cover } : {}),
        fileName: `tone-${key}.mp3`,
      }).then((file) => fs.readFile(file)),
    );
  }
  return made.get(key)!;
}

/** A track of the double: 4 seconds of a tone, 128 kbps, by one artist. */
export async function serviceTrack(
  id: string,
  title: string,
  extra: Partial<DoubleTrack> = {},
): Promise<DoubleTrack> {
  return {
    id,
    title,
    artists: [{ id: `9${id}`, name: 'The Testers' }],
    album: { id: `5${id}`, title: 'Signals', year: 2021, genre: 'electronics' },
    durationMs: 4000,
    audio: await mp3(4, 200 + Number(id.slice(-3))),
    ...extra,
  };
}

/**
 * The double with a library: `listener` likes "Test Signal" and two more and owns a 3-track
 * playlist (kind 1001) and an empty one (1002); the same tracks in a uuid playlist; a 2-track
 * album (500); `casual` likes "Open Road"; "Hold the Music" is what a search for music finds.
 */
export async function startLibraryDouble(): Promise<YandexMusicDouble> {
  const double = await new YandexMusicDouble().start();
  double.addAccount(TOKEN, {
    login: 'listener',
    displayName: 'Listener',
    hasPlus: true,
    likes: [SIGNAL_TRACK_ID, '201', '103'],
  });
  double.addAccount(TOKEN_WITHOUT_PLUS, {
    login: 'casual',
    displayName: 'Casual',
    hasPlus: false,
    likes: ['102'],
  });
  double.addAccount(TOKEN_ELSEWHERE, {
    login: 'traveller',
    displayName: 'Traveller',
    hasPlus: false,
    unreadable: [SIGNAL_TRACK_ID],
  });
  double.addTrack(await serviceTrack(SIGNAL_TRACK_ID, 'Test Signal'));
  double.addTrack(await serviceTrack('301', 'Hold the Music'));
  double.addTrack(await serviceTrack('101', 'Morning Drive', { isrc: 'RUA1D2100101' }));
  double.addTrack(await serviceTrack('102', 'Open Road', { audio: await mp3(4, 302, '#d04020') }));
  double.addTrack(await serviceTrack('103', 'Sunset Boulevard'));
  double.addTrack(await serviceTrack('201', 'Night One'));
  double.addTrack(await serviceTrack('202', 'Night Two'));
  double.playlists.set('listener/1001', { title: 'Road Trip', trackIds: ['101', '102', '103'] });
  double.playlists.set('listener/1002', { title: 'Empty for now', trackIds: [] });
  double.playlists.set(UUID_PLAYLIST, {
    title: 'Shared Mix',
    trackIds: ['101', '201'],
    byIdOnly: true,
  });
  double.albums.set('500', { title: 'Night Album', trackIds: ['201', '202'] });
  return double;
}

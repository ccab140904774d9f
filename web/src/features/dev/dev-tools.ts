import type { ComponentType } from 'react';
import { NoticePlayground } from './NoticePlayground';
import { DuplicatesTool } from './duplicates/DuplicatesTool';
import { LoudnessTool } from './loudness/LoudnessTool';
import { MigrationTool } from './migrations/MigrationTool';
import { TrackParserTool } from './parser/TrackParserTool';
import { CorsTool } from './storage/CorsTool';
import { StorageTool } from './storage/StorageTool';
import { ArtistComparisonTool } from './services/ArtistComparisonTool';
import { YandexMusicToolV1, YandexMusicToolV2 } from './services/YandexMusicTool';
import { SpotifyFindTrackTool } from './spotify/SpotifyFindTrackTool';
import { SpotifySearchTool } from './spotify/SpotifySearchTool';
import { UiDemoTool } from './ui-demo/UiDemoTool';
import type { DevPage } from './dev-pages';

/** The tool each developer page shows under its heading; a page without one shows the heading. */
export const DEV_TOOLS: Partial<Record<DevPage, ComponentType>> = {
  notices: NoticePlayground,
  'debug-r2': StorageTool,
  duplicates: DuplicatesTool,
  's3-cors-test': CorsTool,
  'audio-normalize': LoudnessTool,
  'debug-migration': MigrationTool,
  'track-parser-test': TrackParserTool,
  'spotify-search-test': SpotifySearchTool,
  'spotify-find-track-test': SpotifyFindTrackTool,
  'yandex-music-test': YandexMusicToolV1,
  'yandex-music-test-v2': YandexMusicToolV2,
  'artist-search-comparison': ArtistComparisonTool,
  'ui-components': UiDemoTool,
};

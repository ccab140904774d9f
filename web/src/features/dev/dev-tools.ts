import type { ComponentType } from 'react';
import { NoticePlayground } from './NoticePlayground';
import { MigrationTool } from './migrations/MigrationTool';
import { TrackParserTool } from './parser/TrackParserTool';
import { CorsTool } from './storage/CorsTool';
import { StorageTool } from './storage/StorageTool';
import { SpotifyFindTrackTool } from './spotify/SpotifyFindTrackTool';
import { SpotifySearchTool } from './spotify/SpotifySearchTool';
import { UiDemoTool } from './ui-demo/UiDemoTool';
import type { DevPage } from './dev-pages';

/** The tool each developer page shows under its heading; a page without one shows the heading. */
export const DEV_TOOLS: Partial<Record<DevPage, ComponentType>> = {
  notices: NoticePlayground,
  'debug-r2': StorageTool,
  's3-cors-test': CorsTool,
  'debug-migration': MigrationTool,
  'track-parser-test': TrackParserTool,
  'spotify-search-test': SpotifySearchTool,
  'spotify-find-track-test': SpotifyFindTrackTool,
  'ui-components': UiDemoTool,
};

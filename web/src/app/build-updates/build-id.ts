import type { BuildInfo } from '@music-rooms/domain/config';

/** The build this tab runs (set at build time; 'dev' outside a release build). */
export const BUILD_ID: string = __BUILD_ID__;

/** This tab's build as /builds/meta describes it, to compare with the latest one. */
export const CURRENT_BUILD: BuildInfo = { id: BUILD_ID, timestamp: __BUILD_TIMESTAMP__ };

/** The build this tab runs (set at build time; 'dev' outside a release build). */
export const BUILD_ID: string = __BUILD_ID__;

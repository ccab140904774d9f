/** The id of this build, defined by vite.config.ts from BUILD_ID ('dev' outside a release build). */
declare const __BUILD_ID__: string;

/** The id of this build, defined by vite.config.ts from BUILD_ID ('dev' outside a release build). */
declare const __BUILD_ID__: string;
/** When this build was made (ms since the epoch), the same as its builds/meta timestamp. */
declare const __BUILD_TIMESTAMP__: number;

/** One part of a locale file, split by the build (web/vite/locale-parts.ts). */
declare module '*.json?part=first' {
  const messages: Record<string, unknown>;
  export default messages;
}
declare module '*.json?part=rest' {
  const messages: Record<string, unknown>;
  export default messages;
}

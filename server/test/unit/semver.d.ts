// semver ships no types; the test of the supported Node versions uses this much of it.
declare module 'semver' {
  /** Whether `version` is inside `range` (npm's range syntax, as in package.json "engines"). */
  export function satisfies(version: string, range: string): boolean;
}

import fs from 'node:fs';
import path from 'node:path';

/**
 * The built web app on the local disk (WEB_DIST): its shell page and the description of each
 * build, read by the routes that serve them and by the build-info plugin.
 */

/** The app shell (index.html), or null while the web app is not built. */
export function readWebShell(webDist: string): string | null {
  const indexFile = path.join(webDist, 'index.html');
  return fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : null;
}

/** The stored description of an earlier build (`builds/meta/<id>.json`), or null. */
export function readBuildMeta(webDist: string, id: string): Promise<string | null> {
  return fs.promises
    .readFile(path.join(webDist, 'builds/meta', `${id}.json`), 'utf8')
    .catch(() => null);
}

/** A JSON file read at start (the latest build, the package version); null when unreadable. */
export function readJsonFile<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The first executable file called `name` in a PATH-style list of folders, or null. */
export function findExecutable(name: string, searchPath: string): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not in this folder; look in the next.
    }
  }
  return null;
}

import fs from 'node:fs';
import path from 'node:path';

/** The tests and the files only they import: `*.test.ts(x)` and `*.test-support.ts(x)`. */
export const isTestCode = (file: string): boolean => /\.test(-support)?\.tsx?$/.test(file);

/** Every TypeScript file of the app under `folder`: what the build may ship, tests left out. */
export function productionFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return productionFiles(full);
    return /\.tsx?$/.test(entry.name) && !isTestCode(entry.name) ? [full] : [];
  });
}

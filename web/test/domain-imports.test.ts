import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../src', import.meta.url));

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('web bundle', () => {
  // The package root also re-exports the function contracts and their zod schemas, which would
  // put zod into the app's first download; the web app imports the module it needs instead.
  it('imports shared rules by module (@music-rooms/domain/limits), never the package root', () => {
    const offenders = sourceFiles(src)
      .filter((file) => /from '@music-rooms\/domain'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});

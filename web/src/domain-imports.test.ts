import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { productionFiles } from './source-files.test-support';

// The app's own files: a test may import the package root, it never reaches the bundle.
const src = fileURLToPath(new URL('.', import.meta.url));

describe('web bundle', () => {
  // The package root also re-exports the function contracts and their zod schemas, which would
  // put zod into the app's first download; the web app imports the module it needs instead.
  it('imports shared rules by module (@music-rooms/domain/limits), never the package root', () => {
    const offenders = productionFiles(src)
      .filter((file) => /from '@music-rooms\/domain'/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(src, file));
    expect(offenders).toEqual([]);
  });
});

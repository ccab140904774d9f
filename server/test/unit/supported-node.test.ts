import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { satisfies } from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const supported = manifest.engines.node;

// The README names the same lines: 22 or 24 LTS recommended, 20.19 and later still working.
describe('the Node versions package.json declares', () => {
  it.each(['20.19.0', '20.20.2', '22.12.0', '22.20.0', '24.0.0', '24.11.0'])(
    'admit the long-term support release %s',
    (version) => expect(satisfies(version, supported)).toBe(true),
  );

  // Odd lines are never long-term releases; 22 before 22.12 cannot require() an ES module,
  // which the build and test tools (Vite, Vitest, jsdom) need (Vite and jsdom ask for 20.19 or 22.12 and later).
  it.each(['20.18.3', '21.7.3', '22.11.0', '23.11.1'])('refuse %s', (version) =>
    expect(satisfies(version, supported)).toBe(false),
  );
});

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** The server's modules (relative, without extension) that augment Fastify's types. */
function augmentingModules(): string[] {
  const files = fs.readdirSync(src, { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => file.endsWith('.ts') && file !== 'app-decorations.ts')
    .filter((file) =>
      fs.readFileSync(path.join(src, file), 'utf8').includes("declare module 'fastify'"),
    )
    .map((file) => `./${file.replace(/\.ts$/, '').split(path.sep).join('/')}`)
    .sort();
}

describe('app-decorations.ts', () => {
  it('imports every module that adds to Fastify’s types', () => {
    const listed = [
      ...fs
        .readFileSync(path.join(src, 'app-decorations.ts'), 'utf8')
        .matchAll(/^import '(.+)';$/gm),
    ].map((match) => match[1]);
    expect(listed.sort()).toEqual(augmentingModules());
  });
});

import path from 'node:path';
import fp from 'fastify-plugin';
import type { BuildInfo } from '@music-rooms/domain';
import { readJsonFile } from '../storage/web-build';

export type ServerBuild = BuildInfo & { version: string };

/** Which web build this node serves (written by the web build) and the app's version. */
export const buildInfoPlugin = fp(
  async (app) => {
    const latest = readJsonFile<BuildInfo>(path.join(app.config.webDist, 'builds/latest.json'));
    const pkg = readJsonFile<{ version: string }>(path.join(app.config.appRoot, 'package.json'));
    app.decorate('build', {
      id: latest?.id ?? 'dev',
      timestamp: latest?.timestamp ?? Date.now(),
      version: pkg?.version ?? '0.0.0',
    } satisfies ServerBuild);
  },
  { name: 'build-info' },
);

declare module 'fastify' {
  interface FastifyInstance {
    build: ServerBuild;
  }
}

// npm run admin -- <command>: maintenance commands (see `npm run admin -- help`).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './build-steps.mjs';

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-needed'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
await import(path.join(root, 'server/dist/admin.js'));

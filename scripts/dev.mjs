// npm run dev: the server restarting on change (port 3000) and Vite's dev server with hot reload
// (port 5173, forwarding /api, /builds and /socket.io to the server).
import { spawn } from 'node:child_process';
import { root } from './build-steps.mjs';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { PUBLIC_DEV_MODE: 'true', ...process.env },
  }),
  spawn('npx', ['vite', '--config', 'web/vite.config.ts', 'web'], { cwd: root, stdio: 'inherit' }),
];

function stop(signal) {
  for (const child of children) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stop('SIGTERM');
    process.exitCode = code ?? 0;
  });
}

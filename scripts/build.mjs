// npm run build [-- --if-needed]: builds the web app and the server.
// With --if-needed it does nothing when the current build already matches the sources.
import { buildServer, buildWeb, builtId, sourceBuildId } from './build-steps.mjs';

const ifNeeded = process.argv.includes('--if-needed');
const id = sourceBuildId();
if (ifNeeded && builtId() === id) {
  process.exit(0);
}
const started = Date.now();
console.log(`Building music rooms (build ${id})…`);
await buildWeb(id);
await buildServer(id);
console.log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);

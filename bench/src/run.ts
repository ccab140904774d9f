// npm run bench [-- name ...]: runs the benchmarks, prints their figures and writes each as JSON
// under bench/results/. Figures only: nothing here passes or fails on speed. `-- --list` names
// them and runs none (npm run check uses it to load every bench).
import fs from 'node:fs';
import path from 'node:path';
import { benches } from './benches/index';
import { resultsDir } from './lib/paths';

const wanted = process.argv.slice(2);
if (wanted.includes('--list')) {
  for (const bench of benches) console.log(`${bench.name.padEnd(20)} ${bench.description}`);
  process.exit(0);
}
const selected = wanted.length ? benches.filter((b) => wanted.includes(b.name)) : benches;
fs.mkdirSync(resultsDir, { recursive: true });

for (const bench of selected) {
  console.log(`\n▶ ${bench.name}: ${bench.description}`);
  const started = Date.now();
  const figures = await bench.run();
  const result = {
    name: bench.name,
    description: bench.description,
    at: new Date().toISOString(),
    figures,
  };
  fs.writeFileSync(
    path.join(resultsDir, `${bench.name}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(32)} ${value}`);
  console.log(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

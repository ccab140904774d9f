import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
let t = performance.now();
const db = await PGlite.create({ extensions: { pg_trgm } });
console.log('create', Math.round(performance.now() - t)); t = performance.now();
for (const f of fs.readdirSync('drizzle').filter((f) => f.endsWith('.sql')).sort()) {
  const sqlText = fs.readFileSync('drizzle/' + f, 'utf8').split('--> statement-breakpoint').join('\n');
  await db.exec(sqlText);
}
console.log('migrate', Math.round(performance.now() - t)); t = performance.now();
const dump = await db.dumpDataDir('none');
console.log('dump', Math.round(performance.now() - t), dump.size); t = performance.now();
const db2 = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
console.log('load', Math.round(performance.now() - t)); 
const r = await db2.query('select count(*) from information_schema.tables');
console.log(r.rows);

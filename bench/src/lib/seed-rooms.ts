import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../../server/src/db/index';
import { hashPassword } from '../../../server/src/services/accounts/passwords';
import { appRoot } from './paths';

export const ROOMS = 10_000;
const OWNERS = 200;
/** bench_1 signs in with this password: an owner of 50 rooms and a member of many more. */
export const PASSWORD = 'bench-password';

/**
 * Fills a new embedded database with owners, rooms (a tenth hidden, some invite-only) and three
 * members each, in a few set-based statements rather than one insert per row.
 */
export async function seedRooms(dataDir: string) {
  const handle = await openDatabase({
    url: null,
    dataDir: path.join(dataDir, 'db'),
    migrationsFolder: path.join(appRoot, 'server/drizzle'),
  });
  const { db } = handle;
  await db.execute(sql`
    insert into users (name, username, email, avatar)
    select 'Bench user ' || i, 'bench_' || i, 'bench' || i || '@example.com', '#336699'
    from generate_series(1, ${OWNERS}) i`);
  await db.execute(sql`
    insert into rooms (name, description, room_url, visibility, owner_id, created_at)
    select
      (array['Jazz', 'Rock', 'Chill', 'Lo-fi', 'Classical', 'Techno', 'Indie', 'Metal'])[1 + i % 8]
        || ' room ' || i,
      'Music for every mood, number ' || i,
      'bench-room-' || i,
      case when i % 10 = 0 then 'hidden' when i % 25 = 0 then 'inviteOnly' else 'public' end,
      u.id,
      now() - i * interval '1 minute'
    from generate_series(1, ${ROOMS}) i
    join (select id, row_number() over (order by id) as n from users) u on u.n = 1 + i % ${OWNERS}`);
  for (const step of [7, 31, 101]) {
    await db.execute(sql`
      insert into room_users (room_id, user_id, role, invited_by)
      select r.id, u.id, 'viewer', r.owner_id
      from (select id, owner_id, row_number() over (order by id) as n from rooms) r
      join (select id, row_number() over (order by id) as n from users) u
        on u.n = 1 + (r.n * ${step}) % ${OWNERS}
      where u.id <> r.owner_id
      on conflict do nothing`);
  }
  await db.execute(
    sql`update users set password_hash = ${await hashPassword(PASSWORD)} where username = 'bench_1'`,
  );
  await db.execute(sql`analyze`);
  await handle.close();
}

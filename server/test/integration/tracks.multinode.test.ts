import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asRoomId } from '@music-rooms/domain';
import { createTestDatabase, type TestDatabase } from '../helpers/database';
import { randomRedisPrefix, startTestApp, type TestApp } from '../helpers/app';
import { makeAudioFixture } from '../helpers/audio-fixtures';
import { clientFor, createUser } from '../helpers/factories';
import { createRoom } from '../helpers/rooms';
import { audioMetadata, listTracks, tusUpload } from '../helpers/tracks';
import { jobs } from '../../src/db/schema-jobs';

// Two nodes sharing one PostgreSQL database, one Redis and one data folder.
describe('track processing on two nodes', () => {
  let database: TestDatabase;
  let dataDir: string;
  let nodes: TestApp[];

  beforeAll(async () => {
    database = await createTestDatabase(process.env.DATABASE_URL);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tracks-multinode-'));
    const shared = {
      DATABASE_URL: database.url,
      REDIS_PREFIX: randomRedisPrefix(),
      DATA_DIR: dataDir,
    };
    nodes = await Promise.all([startTestApp(shared), startTestApp(shared)]);
  });

  afterAll(async () => {
    await Promise.all((nodes ?? []).map((node) => node.close()));
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('processes each upload once, whichever node received it', async () => {
    const [a, b] = nodes as [TestApp, TestApp];
    const { user } = await createUser(a);
    const room = await createRoom(a, { owner: user });
    const roomId = asRoomId(room.id);
    const clients = [await clientFor(a, user), await clientFor(b, user)];
    for (let i = 0; i < 6; i += 1) {
      const node = i % 2 === 0 ? a : b;
      const file = await makeAudioFixture(dataDir, 'wav', { seconds: 1, frequency: 200 + i * 50 });
      await tusUpload(
        node,
        clients[i % 2]!,
        file,
        audioMetadata(roomId, `Node Test - Song ${i}.wav`),
      );
    }
    let ready = 0;
    for (let tries = 0; tries < 300 && ready < 6; tries += 1) {
      const { tracks } = await listTracks(clients[tries % 2]!, roomId);
      ready = tracks.filter((track) => track.status === 'ready').length;
      if (ready < 6) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(ready).toBe(6);
    const rows = await a.app.database.db.select().from(jobs);
    expect(rows).toHaveLength(6);
    for (const row of rows) expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });
});

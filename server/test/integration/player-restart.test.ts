import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { asRoomId } from '@music-rooms/domain';
import type { TestApp } from '../helpers/app';
import { clientFor } from '../helpers/factories';
import { command, lastingData, playerView, shortTracks, storedPlayback } from '../helpers/player';
import { createRoom, newRoomPerson } from '../helpers/rooms';
import { jobs } from '../../src/db/schema';

describe('a server restart', () => {
  const data = lastingData();
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
    await (await data).remove();
  });

  it('resumes the room where it would be, with its timer armed again', async () => {
    const { start } = await data;
    const first = await start();
    apps.push(first);
    const owner = await newRoomPerson(first);
    const room = await createRoom(first, { owner: owner.user });
    const roomId = asRoomId(room.id);
    const [short, long] = await shortTracks(first, room, [200, 600_000]);
    const playing = await command(owner.client, roomId, 0, { type: 'play' });
    await first.close();
    apps.pop();

    // The short track ends while no server runs (the restart itself takes longer than that).
    const shortEnds = playing.atServerMs + 200;
    while (Date.now() <= shortEnds) await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await start();
    apps.push(second);
    const resumed = await storedPlayback(second, roomId);
    expect(resumed).toMatchObject({
      trackId: long!.id,
      playing: true,
      positionMs: 0,
      atServerMs: shortEnds,
      revision: playing.revision + 1,
    });
    const [timer] = await second.app.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, resumed!.advanceJobId!));
    expect(timer).toMatchObject({
      status: 'queued',
      payload: { roomId, revision: resumed!.revision },
    });
    expect(timer!.runAfter.getTime()).toBe(Math.ceil(shortEnds + 600_000));

    const view = await playerView(await clientFor(second, owner.user), roomId);
    expect(view.state).toMatchObject({ trackId: long!.id, revision: resumed!.revision });
    expect(view.track?._id).toBe(long!.id);
    expect(short!.id).not.toBe(long!.id);
  });
});

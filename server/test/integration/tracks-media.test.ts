import { describe, expect, test } from '../helpers/fixtures';
import { createRoom, gatePass } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

describe('who may fetch audio and covers', () => {
  test('anyone who may view the room; a password room needs the tab’s pass', async ({ t, f }) => {
    const { user: owner } = await f.user();
    const stranger = await f.signedInUser();
    const cover = { coverKey: 'covers/seeded.webp', embeddedCoverKey: 'covers/seeded.webp' };
    await t.app.tracksRuntime.storage.putBuffer(
      'covers/seeded.webp',
      Buffer.from('webp'),
      'image/webp',
    );
    const open = await createTrack(t, { room: await createRoom(t, { owner }), ...cover });
    const locked = await createRoom(t, { owner, password: 'secret words' });
    const guarded = await createTrack(t, { room: locked, ...cover });
    const invite = await createTrack(t, {
      room: await createRoom(t, { owner, visibility: 'inviteOnly' }),
      ...cover,
    });
    const hidden = await createTrack(t, {
      room: await createRoom(t, { owner, visibility: 'hidden' }),
      ...cover,
    });

    const status = async (client: typeof stranger.client, path: string) =>
      (await client.fetch(path)).status;
    for (const kind of ['audio', 'cover']) {
      expect(await status(f.guest(), `/api/tracks/${open.id}/${kind}`)).toBe(200);
      expect(await status(stranger.client, `/api/tracks/${hidden.id}/${kind}`)).toBe(200);
      expect(await status(stranger.client, `/api/tracks/${guarded.id}/${kind}`)).toBe(403);
      expect(await status(f.guest(), `/api/tracks/${guarded.id}/${kind}`)).toBe(403);
      expect(await status(stranger.client, `/api/tracks/${invite.id}/${kind}`)).toBe(403);
    }

    const { accessToken: token } = await gatePass(stranger.client, locked, 'secret words', 'tab-7');
    const query = `?accessToken=${token}&session_id=tab-7`;
    expect(await status(stranger.client, `/api/tracks/${guarded.id}/audio${query}`)).toBe(200);
    expect(
      await status(
        stranger.client,
        `/api/tracks/${guarded.id}/audio?accessToken=${token}&session_id=tab-8`,
      ),
    ).toBe(403);
  });

  test('answers 404 for a track that does not exist, whatever its id looks like', async ({ f }) => {
    const guest = f.guest();
    const missing = '/api/tracks/00000000-0000-4000-8000-000000000000/audio';
    expect((await guest.fetch(missing)).status).toBe(404);
    expect((await guest.fetch('/api/tracks/not-a-track/cover')).status).toBe(404);
  });
});

import { asRoomId, type RoomListResult, type RoomNowPlaying } from '@music-rooms/domain';
import { describe, expect, test as it } from '../helpers/fixtures';
import { command } from '../helpers/player';
import { tabSocket } from '../helpers/presence';
import { LiveQueryRecorder } from '../helpers/realtime';
import { createRoom } from '../helpers/rooms';
import { createTrack } from '../helpers/tracks';

/** The card of the one room a search finds, as the live list shows it last. */
async function liveCard(live: LiveQueryRecorder, until: (np: RoomNowPlaying | null) => boolean) {
  for (;;) {
    const last = live.values('list').at(-1) as RoomListResult | undefined;
    const card = last?.rooms[0];
    if (card && until(card.nowPlaying)) return card;
    await live.next('list');
  }
}

describe('room cards name what each room plays', () => {
  it('follows a skip live, on the public list and on "my rooms"', async ({ t, f }) => {
    const { user: owner, client } = await f.signedInUser({ password: null });
    const room = await createRoom(t, { owner, name: 'Now Playing Cards' });
    const roomId = asRoomId(room.id);
    await createTrack(t, { room, title: 'First Song', artist: 'Ann' });
    const second = await createTrack(t, { room, title: 'Second Song', artist: null });

    const live = new LiveQueryRecorder(await tabSocket(t));
    await live.subscribe('list', 'rooms.getPublicRoomsWithAuthors', { search: 'Now Playing' });
    expect((await liveCard(live, () => true)).nowPlaying).toBeNull();

    const playing = await command(client, roomId, 0, { type: 'play' });
    const first = await liveCard(live, (np) => np?.title === 'First Song');
    expect(first.nowPlaying).toMatchObject({ artist: 'Ann', playing: true, coverVersion: null });

    await command(client, roomId, playing.revision, { type: 'next' });
    const next = await liveCard(live, (np) => np?.title === 'Second Song');
    expect(next.nowPlaying).toMatchObject({ trackId: second.id, artist: null });

    const mine = await client.call<{ value: RoomListResult }>('rooms.getUserRoomsWithAuthors', {
      userId: owner.id,
    });
    expect(mine.body.value.rooms[0]?.nowPlaying?.title).toBe('Second Song');
  });

  it('names nothing of a password room to a stranger', async ({ t, f }) => {
    const { user: owner, client } = await f.signedInUser({ password: null });
    const room = await createRoom(t, { owner, name: 'Secret Playing', password: 'secret-pass' });
    await createTrack(t, { room, title: 'Hidden Song' });
    await command(client, asRoomId(room.id), 0, { type: 'play' });

    const own = await client.call<{ value: RoomListResult }>('rooms.getPublicRoomsWithAuthors', {
      search: 'Secret Playing',
    });
    expect(own.body.value.rooms[0]?.nowPlaying?.title).toBe('Hidden Song');
    const stranger = await f
      .guest()
      .call<{ value: RoomListResult }>('rooms.getPublicRoomsWithAuthors', {
        search: 'Secret Playing',
      });
    expect(stranger.body.value.rooms[0]?.nowPlaying).toBeNull();
  });
});

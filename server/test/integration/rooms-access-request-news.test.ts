import { asRoomId, type AccessRequestNews } from '@music-rooms/domain';
import { describe, expect, test as it } from '../helpers/fixtures';
import { clientFor } from '../helpers/factories';
import { tabSocket } from '../helpers/presence';
import type { TestSocket } from '../helpers/realtime';
import { createRoom } from '../helpers/rooms';

/** Collects the access-request news a socket hears; `next` waits for the next one. */
function heardRequests(socket: TestSocket) {
  const heard: AccessRequestNews[] = [];
  let wake: (() => void) | null = null;
  socket.on('rooms:accessRequested', (news) => {
    heard.push(news);
    wake?.();
  });
  return {
    heard,
    /** Resolves once at least `count` news have come. */
    until: async (count: number) => {
      while (heard.length < count) await new Promise<void>((resolve) => (wake = resolve));
      return heard;
    },
    /**
     * What the socket heard up to now: a clock ping's answer comes after every message the
     * server sent the socket before it, so nothing told earlier is still on its way.
     */
    settled: async () => {
      await socket.emitWithAck('clock:ping');
      return heard;
    },
  };
}

describe('a request to join told on the managers’ own connections', () => {
  it('reaches every tab of the owner and the admins, wherever they are; nobody else', async ({
    t,
    f,
  }) => {
    const { user: owner } = await f.user({ password: null, name: 'Olga' });
    const { user: admin } = await f.user({ password: null, name: 'Ada' });
    const { user: editor } = await f.user({ password: null, name: 'Eda' });
    const { user: viewer } = await f.user({ password: null, name: 'Vic' });
    const { user: otherOwner } = await f.user({ password: null, name: 'Otto' });
    const room = await createRoom(t, {
      owner,
      name: 'Loud room',
      roomUrl: 'loud-room-news',
      members: [
        { user: admin, role: 'admin' },
        { user: editor, role: 'editor' },
        { user: viewer, role: 'viewer' },
      ],
    });
    await createRoom(t, { owner: otherOwner });
    const roomId = asRoomId(room.id);

    // No page of the room is open: the sockets only connected, as on the rooms list.
    const ownerTabs = [
      heardRequests(await tabSocket(t, await clientFor(t, owner))),
      heardRequests(await tabSocket(t, await clientFor(t, owner))),
    ];
    const adminTab = heardRequests(await tabSocket(t, await clientFor(t, admin)));
    const others = [
      heardRequests(await tabSocket(t, await clientFor(t, editor))),
      heardRequests(await tabSocket(t, await clientFor(t, viewer))),
      heardRequests(await tabSocket(t, await clientFor(t, otherOwner))),
      heardRequests(await tabSocket(t)),
    ];
    const asker = await f.signedInUser({ password: null, name: 'Sam Stranger' });
    const askerTab = heardRequests(await tabSocket(t, asker.client));

    const asked = await asker.client.call<{ value: { status: string } }>('rooms.requestAccess', {
      roomId,
    });
    expect(asked.body.value.status).toBe('requested');
    const news: AccessRequestNews = {
      roomId,
      roomName: 'Loud room',
      room_url: 'loud-room-news',
      requesterName: 'Sam Stranger',
    };
    for (const tab of [...ownerTabs, adminTab]) expect(await tab.until(1)).toEqual([news]);

    // Asking again changes nothing, so nobody is told twice.
    const again = await asker.client.call<{ value: { status: string } }>('rooms.requestAccess', {
      roomId,
    });
    expect(again.body.value.status).toBe('alreadyRequested');
    for (const tab of [...ownerTabs, adminTab]) expect(await tab.settled()).toEqual([news]);
    for (const tab of [...others, askerTab]) expect(await tab.settled()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@music-rooms/domain/auth';
import { asRoomId, asUserId } from '@music-rooms/domain/ids';
import type { RoomListResult, RoomSummary } from '@music-rooms/domain/rooms';
import { FunctionCallError } from '../../../lib/api/function-call-error';
import type { LiveQueryState } from '../../../lib/realtime/live-query-registry';
import { joinRoomPages } from './room-pages';

const author: PublicUser = { _id: asUserId('u1'), name: 'Ada', username: 'ada', avatar: '#6d5df6' };

function room(id: string): RoomSummary {
  return {
    _id: asRoomId(id),
    name: `Room ${id}`,
    description: '',
    room_url: `room-${id}`,
    visibility: 'public',
    hasPassword: false,
    createdAt: 0,
    owner: author._id,
    isFavorite: false,
    activeUsers: 0,
    memberCount: 1,
    myRole: null,
    nowPlaying: null,
  };
}

function page(
  ids: string[],
  total: number,
  nextOffset: number | null,
): LiveQueryState<RoomListResult> {
  return {
    status: 'value',
    value: {
      rooms: ids.map(room),
      roomAuthors: Object.fromEntries(ids.map((id) => [id, author])),
      roomUsers: Object.fromEntries(ids.map((id) => [id, [author]])),
      total,
      nextOffset,
    },
  };
}

describe('a room list made of live pages', () => {
  it('is loading until the first page answers', () => {
    const view = joinRoomPages([{ status: 'loading' }]);
    expect(view.loading).toBe(true);
    expect(view.rooms).toEqual([]);
  });

  it('joins the pages in order, with the next offset of the last page', () => {
    const view = joinRoomPages([page(['a', 'b'], 5, 2), page(['c', 'd'], 5, 4)]);
    expect(view.rooms.map((item) => item._id)).toEqual(['a', 'b', 'c', 'd']);
    expect(view.total).toBe(5);
    expect(view.nextOffset).toBe(4);
    expect(Object.keys(view.roomAuthors)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('has no next page once the last one says so', () => {
    expect(joinRoomPages([page(['a', 'b'], 3, 2), page(['c'], 3, null)]).nextOffset).toBeNull();
  });

  it('shows a room pushed onto the next page by a new one only once', () => {
    // A new room "n" arrived first: page one moved on, page two still has "b".
    const view = joinRoomPages([page(['n', 'a'], 4, 2), page(['b', 'c'], 4, null)]);
    expect(view.rooms.map((item) => item._id)).toEqual(['n', 'a', 'b', 'c']);
    const repeated = joinRoomPages([page(['a', 'b'], 4, 2), page(['b', 'c'], 4, null)]);
    expect(repeated.rooms.map((item) => item._id)).toEqual(['a', 'b', 'c']);
  });

  it('says more is loading while a later page has not answered, and offers no next page yet', () => {
    const view = joinRoomPages([page(['a', 'b'], 4, 2), { status: 'loading' }]);
    expect(view.loading).toBe(false);
    expect(view.loadingMore).toBe(true);
    expect(view.nextOffset).toBeNull();
  });

  it('passes on the error of a page', () => {
    const error = new FunctionCallError('internal', 'boom');
    const view = joinRoomPages([{ status: 'error', error }]);
    expect(view.loading).toBe(false);
    expect(view.error).toBe(error);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import type { RoomId, UserId } from '../src/ids';
import { parseTopic, roomOfTopic, TOPICS, type Topic } from '../src/topics';

const roomId = '0b7e9a52-1c1f-4a8e-9d55-3f3c1f0e2a10' as RoomId;
const userId = 'e4c6f1d2-7a3b-4f0e-8c21-5b9d0a6e7f34' as UserId;

describe('live-query topics', () => {
  it('reads back what every built topic names', () => {
    expect(parseTopic(TOPICS.roomList)).toEqual({ kind: 'roomList' });
    expect(parseTopic(TOPICS.anyPresence)).toEqual({ kind: 'anyPresence' });
    for (const kind of [
      'room',
      'roomUsers',
      'presence',
      'listeners',
      'tracks',
      'playlists',
      'player',
    ] as const) {
      expect(parseTopic(TOPICS[kind](roomId))).toEqual({ kind, roomId });
    }
    for (const kind of ['user', 'userRooms', 'uploads', 'imports'] as const) {
      expect(parseTopic(TOPICS[kind](userId))).toEqual({ kind, userId });
    }
    expect(parseTopic(TOPICS.sessionEnded('s-1'))).toEqual({
      kind: 'sessionEnded',
      sessionId: 's-1',
    });
  });

  it('keeps the words the topics cross nodes with', () => {
    expect(TOPICS.roomUsers(roomId)).toBe(`room-users:${roomId}`);
    expect(TOPICS.userRooms(userId)).toBe(`user-rooms:${userId}`);
    expect(TOPICS.sessionEnded('s-1')).toBe('session-ended:s-1');
    expect([TOPICS.roomList, TOPICS.anyPresence]).toEqual(['rooms', 'presence']);
  });

  it('tells apart the presence of one room and presence anywhere', () => {
    expect(parseTopic('presence')).toEqual({ kind: 'anyPresence' });
    expect(parseTopic(`presence:${roomId}`)).toEqual({ kind: 'presence', roomId });
  });

  it('answers null for a string no builder makes', () => {
    for (const topic of ['', 'room', 'room:', 'rooms:1', 'room-user:1', 'User:1', 'notes:a']) {
      expect(parseTopic(topic)).toBeNull();
    }
  });

  it('answers the room of a topic of the kinds asked for, and only those', () => {
    expect(roomOfTopic(TOPICS.tracks(roomId), ['player', 'tracks'])).toBe(roomId);
    expect(roomOfTopic(TOPICS.room(roomId), ['player', 'tracks'])).toBeNull();
    expect(roomOfTopic(TOPICS.user(userId), ['room'])).toBeNull();
    expect(roomOfTopic(TOPICS.roomList, ['room'])).toBeNull();
  });

  it('narrows a read topic to what its kind names', () => {
    const topic = parseTopic(TOPICS.player(roomId));
    if (topic?.kind === 'player') expectTypeOf(topic.roomId).toEqualTypeOf<RoomId>();
    if (topic?.kind === 'uploads') expectTypeOf(topic.userId).toEqualTypeOf<UserId>();
    expectTypeOf(parseTopic).returns.toEqualTypeOf<Topic | null>();
  });
});

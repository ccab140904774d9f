import { describe, expect, it } from 'vitest';
import { asRoomId, asUserId } from '@music-rooms/domain/ids';
import type { RoomDetails } from '@music-rooms/domain/rooms';
import { roomFormSchema, type RoomFormValues } from '../form/room-form-schema';
import { settingsChanges } from './settings-changes';

const room: RoomDetails = {
  _id: asRoomId('r1'),
  name: 'Jazz corner',
  description: 'Bebop',
  room_url: 'jazz',
  visibility: 'public',
  hasPassword: true,
  createdAt: 0,
  owner: asUserId('u1'),
  isFavorite: false,
  activeUsers: 0,
  memberCount: 1,
  myRole: 'owner',
  nowPlaying: null,
  author: { _id: asUserId('u1'), name: 'Olga', username: 'olga', avatar: '' },
  capabilities: [],
  playbackControl: 'host',
};

const unchanged: RoomFormValues = {
  name: room.name,
  room_url: room.room_url,
  description: room.description,
  visibility: room.visibility,
  passwordMode: 'keep',
  password: '',
};

describe('the changes the room settings send', () => {
  it('are none when nothing changed (spaces around a value do not count)', () => {
    expect(settingsChanges(room, unchanged)).toBeNull();
    expect(settingsChanges(room, { ...unchanged, name: ' Jazz corner ' })).toBeNull();
  });

  it('hold only the fields that changed, as the server stores them', () => {
    expect(
      settingsChanges(room, { ...unchanged, name: 'Jazz club', room_url: 'Jazz-Club ' }),
    ).toEqual({ name: 'Jazz club', room_url: 'jazz-club' });
    expect(settingsChanges(room, { ...unchanged, visibility: 'hidden' })).toEqual({
      visibility: 'hidden',
    });
  });

  it('set a new password, or remove the one the room has', () => {
    expect(
      settingsChanges(room, { ...unchanged, passwordMode: 'set', password: 'new one' }),
    ).toEqual({ password: 'new one' });
    expect(settingsChanges(room, { ...unchanged, passwordMode: 'remove' })).toEqual({
      password: null,
    });
    expect(
      settingsChanges({ ...room, hasPassword: false }, { ...unchanged, passwordMode: 'remove' }),
    ).toBeNull();
  });

  it('name who controls the playback only when it changed', () => {
    expect(settingsChanges(room, unchanged, 'host')).toBeNull();
    expect(settingsChanges(room, unchanged, 'everyone')).toEqual({ playbackControl: 'everyone' });
  });
});

describe('the room form rules', () => {
  const messages = (values: RoomFormValues) => {
    const result = roomFormSchema.safeParse(values);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path[0], i.message]));
  };

  it('accept a room without a password', () => {
    expect(messages(unchanged)).toEqual({});
  });

  it('ask for the password only when one is being set', () => {
    expect(messages({ ...unchanged, passwordMode: 'set' })).toEqual({
      password: 'validation.required',
    });
    expect(messages({ ...unchanged, passwordMode: 'set', password: 'x' })).toEqual({});
  });

  it('refuse a blank name, a name over 50 characters and a malformed URL', () => {
    expect(messages({ ...unchanged, name: '   ' }).name).toBe('validation.required');
    expect(messages({ ...unchanged, name: 'n'.repeat(51) }).name).toBe('validation.maxLength');
    expect(messages({ ...unchanged, room_url: 'no spaces' }).room_url).toBe(
      'validation.invalidFormat',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { asRoomId, asTrackId, type RoomActivity } from '@music-rooms/domain';
import { addActivity, GROUP_WINDOW_MS, type ActivityGroup } from './activity-groups';

const roomId = asRoomId('00000000-0000-4000-8000-000000000001');
const ann = { key: 'ann', name: 'Ann' };
const lee = { key: 'lee', name: 'Lee' };
const added = (at: number, actor = ann, count = 1): RoomActivity => ({
  roomId,
  at,
  actor,
  kind: 'added',
  count,
});
const joined = (at: number, actor: RoomActivity['actor']): RoomActivity => ({
  roomId,
  at,
  actor,
  kind: 'joined',
});
const fold = (activities: RoomActivity[]) =>
  activities.reduce<ActivityGroup[]>((groups, a) => addActivity(groups, a), []);

describe('activity line groups', () => {
  it("adds one person's tracks in a row into one entry", () => {
    const groups = fold([added(0), added(1000, ann, 10), added(2000)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'added', count: 12, actors: [ann] });
  });

  it('counts the people who came in together, each once', () => {
    const carl = { key: 'carl', name: 'Carl' };
    const groups = fold([joined(0, ann), joined(500, lee), joined(700, ann), joined(900, carl)]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.actors).toEqual([ann, lee, carl]);
  });

  it('starts a new entry for another person, another kind, or after a pause', () => {
    const groups = fold([
      added(0),
      added(100, lee),
      joined(200, ann),
      joined(200 + GROUP_WINDOW_MS + 1, lee),
    ]);
    expect(groups.map((g) => [g.kind, g.actors.map((a) => a.key)])).toEqual([
      ['joined', ['lee']],
      ['joined', ['ann']],
      ['added', ['lee']],
      ['added', ['ann']],
    ]);
  });

  it('keeps the latest track of a run of skips', () => {
    const skip = (at: number, title: string): RoomActivity => ({
      roomId,
      at,
      actor: lee,
      kind: 'skipped',
      track: { _id: asTrackId(`00000000-0000-4000-8000-00000000000${at}`), title, artist: null },
    });
    const groups = fold([skip(1, 'One'), skip(2, 'Two')]);
    expect(groups).toHaveLength(1);
    expect(groups[0]?.track?.title).toBe('Two');
  });
});

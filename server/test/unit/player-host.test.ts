import { describe, expect, it } from 'vitest';
import { asUserId, electHost } from '@music-rooms/domain';
import { chosenHost } from '../../src/services/player/host';

const [owner, editor, picked] = ['owner', 'editor', 'picked'].map(asUserId) as [
  ReturnType<typeof asUserId>,
  ReturnType<typeof asUserId>,
  ReturnType<typeof asUserId>,
];

describe('a handed-over host', () => {
  const present = [
    { userId: owner, role: 'owner' as const, joinedAt: 1000 },
    { userId: editor, role: 'editor' as const, joinedAt: 500 },
    { userId: picked, role: 'participant' as const, joinedAt: 2000 },
  ];

  it('holds while the person stays present since the handover', () => {
    const handover = { hostId: picked, hostChosenAt: new Date(3000) };
    expect(chosenHost(present, handover)).toBe(picked);
    expect(electHost(present, chosenHost(present, handover))).toBe(picked);
  });

  it('lapses once they left: back later, they are ranked like anyone', () => {
    const rejoined = present.map((p) => (p.userId === picked ? { ...p, joinedAt: 4000 } : p));
    const handover = { hostId: picked, hostChosenAt: new Date(3000) };
    expect(chosenHost(rejoined, handover)).toBeNull();
    expect(electHost(rejoined, chosenHost(rejoined, handover))).toBe(owner);
    expect(chosenHost(present.slice(0, 2), handover)).toBeNull();
    expect(chosenHost(present, null)).toBeNull();
  });
});

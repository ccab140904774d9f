import { describe, expect, it } from 'vitest';
import { asUserId } from '@music-rooms/domain';
import { SessionCallers } from '../../src/services/accounts/session-callers';

const alice = { userId: asUserId('00000000-0000-4000-8000-000000000001'), sessionId: 's1' };
const bob = { userId: asUserId('00000000-0000-4000-8000-000000000002'), sessionId: 's2' };
const LATER = Number.MAX_SAFE_INTEGER;

describe('who session cookies belong to', () => {
  it('believes a lookup for the trust window only', () => {
    const callers = new SessionCallers({ trustMs: 1000, maxEntries: 10 });
    callers.remember('cookie-a', alice, LATER, 0);
    expect(callers.get('cookie-a', 999)).toEqual(alice);
    expect(callers.get('cookie-a', 1000)).toBeNull();
    expect(callers.get('cookie-b', 0)).toBeNull();
  });

  it('never past the session expiry', () => {
    const callers = new SessionCallers({ trustMs: 1000, maxEntries: 10 });
    callers.remember('cookie-a', alice, 500, 0);
    expect(callers.get('cookie-a', 499)).toEqual(alice);
    expect(callers.get('cookie-a', 500)).toBeNull();
  });

  it('forgets the cookies of ended sessions, and only those', () => {
    const callers = new SessionCallers({ trustMs: 1000, maxEntries: 10 });
    callers.remember('cookie-a', alice, LATER, 0);
    callers.remember('cookie-b', bob, LATER, 0);
    callers.forgetSessions(['s1']);
    expect(callers.get('cookie-a', 1)).toBeNull();
    expect(callers.get('cookie-b', 1)).toEqual(bob);
    callers.forget('cookie-b');
    expect(callers.get('cookie-b', 1)).toBeNull();
  });

  it('keeps the most recently used cookies when full', () => {
    const callers = new SessionCallers({ trustMs: 1000, maxEntries: 2 });
    callers.remember('cookie-a', alice, LATER, 0);
    callers.remember('cookie-b', bob, LATER, 0);
    callers.get('cookie-a', 1);
    callers.remember('cookie-c', { ...bob, sessionId: 's3' }, LATER, 1);
    expect(callers.get('cookie-a', 2)).toEqual(alice);
    expect(callers.get('cookie-b', 2)).toBeNull();
  });
});

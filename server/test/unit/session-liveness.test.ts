import { describe, expect, it } from 'vitest';
import { asUserId } from '@music-rooms/domain';
import {
  SessionLiveness,
  type SessionLifetime,
} from '../../src/services/accounts/session-liveness';

const alice = asUserId('alice');
const NOW = 1_000_000;
const timings = { trustMs: 60_000, rememberEndedMs: 600_000 };

/** A sessions table of one row the test changes, counting reads; `hold` makes reads wait. */
function table(row: SessionLifetime | null) {
  const state = { row, reads: 0, release: null as (() => void) | null };
  const lookUp = async () => {
    state.reads++;
    if (state.release === null) return state.row;
    await new Promise<void>((resolve) => (state.release = resolve));
    return state.row;
  };
  return { state, lookUp, hold: () => (state.release = () => {}) };
}

const aliceUntil = (ms: number) => ({ userId: alice, expiresAt: new Date(ms) });

describe('the per-node memory of live sessions', () => {
  it('reads a session once, then believes it for the trust period', async () => {
    const { state, lookUp } = table(aliceUntil(NOW + 1e9));
    const liveness = new SessionLiveness(lookUp, timings);
    expect(await liveness.liveUntil('s1', alice, NOW)).toBe(NOW + 1e9);
    expect(await liveness.liveUntil('s1', alice, NOW + 59_000)).toBe(NOW + 1e9);
    expect(state.reads).toBe(1);
    state.row = null;
    expect(await liveness.liveUntil('s1', alice, NOW + 60_000)).toBeNull();
    expect(state.reads).toBe(2);
  });

  it('refuses an announced end at once, without reading', async () => {
    const { state, lookUp } = table(aliceUntil(NOW + 1e9));
    const liveness = new SessionLiveness(lookUp, timings);
    await liveness.liveUntil('s1', alice, NOW);
    liveness.end(['s1'], NOW);
    expect(liveness.hasEnded('s1')).toBe(true);
    expect(await liveness.liveUntil('s1', alice, NOW + 1)).toBeNull();
    expect(state.reads).toBe(1);
  });

  it('lets an end announced during a read win over what the read found', async () => {
    const { state, lookUp, hold } = table(aliceUntil(NOW + 1e9));
    const liveness = new SessionLiveness(lookUp, timings);
    hold();
    const check = liveness.liveUntil('s1', alice, NOW);
    await Promise.resolve();
    liveness.end(['s1'], NOW);
    state.release?.();
    expect(await check).toBeNull();
    expect(await liveness.liveUntil('s1', alice, NOW + 1)).toBeNull();
  });

  it("refuses an expired session and one that is another user's", async () => {
    const { lookUp } = table(aliceUntil(NOW + 10));
    const liveness = new SessionLiveness(lookUp, timings);
    expect(await liveness.liveUntil('s1', asUserId('bob'), NOW)).toBeNull();
    expect(await liveness.liveUntil('s1', alice, NOW)).toBe(NOW + 10);
    expect(await liveness.liveUntil('s1', alice, NOW + 10)).toBeNull();
  });

  it('forgets ended sessions once no token issued for them can still be alive', () => {
    const liveness = new SessionLiveness(table(null).lookUp, timings);
    liveness.end(['s1'], NOW);
    liveness.prune(NOW + timings.rememberEndedMs - 1);
    expect(liveness.hasEnded('s1')).toBe(true);
    liveness.prune(NOW + timings.rememberEndedMs);
    expect(liveness.hasEnded('s1')).toBe(false);
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { ROOM_ERRORS, ROOM_LIMITS } from '@music-rooms/domain';
import { ROOM_GUESS_BACKOFF } from '../../src/services/rooms/gate';
import { randomAddress, type Factories, type FunctionBody } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';
import { createRoom } from '../helpers/rooms';

/** Every guest speaks from an address of its own (TRUST_PROXY=true, X-Forwarded-For). */
const it = base.extend('appEnv', { scope: 'file' }, { TRUST_PROXY: 'true' });

const PASSWORD = 'let me in';

const check = (f: Factories, roomUrl: string, password: string, address = randomAddress()) =>
  f.guestFrom(address).call('rooms.checkPassword', { room_url: roomUrl, password });

/** The ms a refused attempt asks to wait, after checking it is the spec's refusal. */
function waitAsked(body: FunctionBody): number {
  expect(body.errorData).toMatchObject({ code: 'rate_limited', key: ROOM_ERRORS.tooManyAttempts });
  return Number(body.errorData.retryAfterMs);
}

describe('password guesses at one room from many addresses', () => {
  it('slow the room down, doubling each wait, while the per-address limit still holds', async ({
    t,
    f,
  }) => {
    const owner = (await f.user({ password: null })).user;
    const room = await createRoom(t, { owner, password: PASSWORD });
    const other = await createRoom(t, { owner, password: PASSWORD });
    // Guests who know the password come and go without adding up against the room.
    for (let i = 0; i < ROOM_GUESS_BACKOFF.free * 2; i++) {
      expect((await check(f, room.roomUrl, PASSWORD)).body.value).toEqual({ valid: true });
    }
    // One address uses up its own limit first: refused though the room is not yet slowed.
    const keen = randomAddress();
    for (let i = 0; i < ROOM_LIMITS.passwordAttemptsPerMinute; i++) {
      expect((await check(f, room.roomUrl, 'guess', keen)).body.value).toEqual({ valid: false });
    }
    waitAsked((await check(f, room.roomUrl, PASSWORD, keen)).body);
    // Fresh addresses guess until the room's free guesses are used up, and one more.
    const left = ROOM_GUESS_BACKOFF.free - ROOM_LIMITS.passwordAttemptsPerMinute;
    for (let i = 0; i <= left; i++) {
      expect((await check(f, room.roomUrl, 'guess')).body.value).toEqual({ valid: false });
    }
    // Now every address waits, even one with the right password, and each wrong guess after a
    // wait doubles the next one.
    const first = waitAsked((await check(f, room.roomUrl, PASSWORD)).body);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(ROOM_GUESS_BACKOFF.firstWaitMs);
    await sleep(first + 50);
    expect((await check(f, room.roomUrl, 'guess')).body.value).toEqual({ valid: false });
    const second = waitAsked((await check(f, room.roomUrl, PASSWORD)).body);
    expect(second).toBeGreaterThan(ROOM_GUESS_BACKOFF.firstWaitMs);
    expect(second).toBeLessThanOrEqual(2 * ROOM_GUESS_BACKOFF.firstWaitMs);
    await sleep(second + 50);
    // After the wait a guest who knows the password gets in; another room never waited.
    expect((await check(f, room.roomUrl, PASSWORD)).body.value).toEqual({ valid: true });
    expect((await check(f, other.roomUrl, PASSWORD)).body.value).toEqual({ valid: true });
  });
});

import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_ERRORS, AUTH_ROUTES } from '@music-rooms/domain';
import { RESET_MAIL_CAP } from '../../src/services/accounts/reset-mail-cap';
import {
  GOOD_STANDING_MISSES,
  SIGN_IN_BACKOFF,
  SIGN_IN_CEILING,
} from '../../src/services/accounts/sign-in-throttle';
import { randomAddress, type Factories } from '../helpers/factories';
import { describe, expect, test as base } from '../helpers/fixtures';

/**
 * Issue 9, "lockout by a stranger": whatever others do to an account from their addresses, its
 * owner signs in with the right password and gets reset mails from their own address. Each
 * client speaks from an address of its own (TRUST_PROXY=true, X-Forwarded-For).
 */
const it = base.extend('appEnv', { scope: 'file' }, ({ smtp }) => ({
  TRUST_PROXY: 'true',
  SMTP_URL: smtp.url,
}));

const signIn = (f: Factories, address: string, emailOrUsername: string, password: string) =>
  f.guestFrom(address).fetch(AUTH_ROUTES.login, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailOrUsername, password }),
  });

/** The seconds a 429 asks to wait, after checking it is the spec's message. */
async function waitAsked(res: Response): Promise<number> {
  expect(res.status).toBe(429);
  expect(await res.json()).toMatchObject({ statusMessage: AUTH_ERRORS.tooManyRequests });
  const seconds = Number(res.headers.get('retry-after'));
  expect(seconds).toBeGreaterThan(0);
  return seconds;
}

describe('sign-in: an attacker slows itself, never the owner', () => {
  it('25 wrong sign-ins from one address leave the owner signing in from theirs at once', async ({
    f,
  }) => {
    const { user, password } = await f.user();
    const attacker = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      statuses.push((await signIn(f, attacker, user.email, 'wrong')).status);
    }
    // The free tries and the one that starts the first wait are checked; then the address
    // waits 1 s, 2 s, 4 s… between checks, so a slow machine may see one or two more.
    const checked = SIGN_IN_BACKOFF.free + 1;
    expect(statuses.slice(0, checked)).toEqual(Array(checked).fill(401));
    expect(statuses.slice(checked).every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(checked + 2);

    expect((await signIn(f, randomAddress(), user.email, password!)).status).toBe(200);
    expect((await signIn(f, randomAddress(), user.username, password!)).status).toBe(200);
  });

  it('the guessing address waits longer after each further wrong password (Retry-After)', async ({
    f,
  }) => {
    const { user } = await f.user();
    const attacker = randomAddress();
    for (let i = 0; i <= SIGN_IN_BACKOFF.free; i++) {
      expect((await signIn(f, attacker, user.username, 'wrong')).status).toBe(401);
    }
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const seconds = await waitAsked(await signIn(f, attacker, user.username, 'wrong'));
      waits.push(seconds);
      if (round === 2) break;
      await sleep(seconds * 1000 + 50);
      expect((await signIn(f, attacker, user.username, 'wrong')).status).toBe(401);
    }
    // 1 s, 2 s, 4 s, less whatever time the requests themselves took.
    const [first = 0, second = 0, third = 0] = waits;
    expect(first).toBe(1);
    expect(second).toBeLessThanOrEqual(2);
    expect(third).toBeGreaterThan(second);
    expect(third).toBeLessThanOrEqual(4);
  });

  it('past the ceiling, guessers take turns; addresses in good standing are not slowed', async ({
    f,
  }) => {
    const { user, password } = await f.user();
    const home = randomAddress();
    expect((await signIn(f, home, user.email, password!)).status).toBe(200);
    // Ten addresses, each past good standing, use up the account's ceiling together.
    const guessers = Array.from({ length: 10 }, () => randomAddress());
    const triesEach = SIGN_IN_CEILING.attempts / guessers.length;
    expect(triesEach).toBeGreaterThan(GOOD_STANDING_MISSES);
    for (const guesser of guessers) {
      for (let i = 0; i < triesEach; i++) {
        expect((await signIn(f, guesser, user.email, 'wrong')).status).toBe(401);
      }
    }
    const [first, second, third] = guessers as [string, string, string];
    // One guesser takes the turn; the next must wait seconds for its own, not an hour.
    expect((await signIn(f, first, user.email, 'wrong')).status).toBe(401);
    const seconds = await waitAsked(await signIn(f, second, user.email, 'wrong'));
    expect(seconds).toBeLessThanOrEqual(SIGN_IN_CEILING.turnMs / 1000);
    // A new address has its first GOOD_STANDING_MISSES + 1 guesses checked at once (two), then
    // takes turns with the others; the owner's address is not slowed.
    const newcomer = randomAddress();
    for (let i = 0; i <= GOOD_STANDING_MISSES; i++) {
      expect((await signIn(f, newcomer, user.email, 'wrong')).status).toBe(401);
    }
    await waitAsked(await signIn(f, newcomer, user.email, 'wrong'));
    expect((await signIn(f, home, user.email, password!)).status).toBe(200);
    // The owner's sign-in lifted the ceiling: a guesser is checked at once again.
    expect((await signIn(f, third, user.email, 'wrong')).status).toBe(401);
  });
});

describe('reset mails: a flood from elsewhere never stops the owner', () => {
  it("the owner's request from their address mails a link; the flood got a few mails", async ({
    f,
    smtp,
  }) => {
    const { user, password } = await f.user({ name: 'Flooded' });
    const home = randomAddress();
    expect((await signIn(f, home, user.email, password!)).status).toBe(200);
    const before = smtp.messages.length;
    const floods = 12;
    for (let i = 0; i < floods; i++) {
      const res = await f.guestFrom().post(AUTH_ROUTES.requestPasswordReset, {
        emailOrUsername: i % 2 === 0 ? user.email : user.username,
      });
      // Every caller gets the same answer, whether a mail went or not.
      expect(res).toMatchObject({ status: 200, body: { success: true } });
    }
    // Three mails at once, then one per turn: the inbox is spared the rest.
    expect(smtp.messages.length - before).toBe(RESET_MAIL_CAP.free + 1);

    const arrived = smtp.next();
    const own = await f.guestFrom(home).post(AUTH_ROUTES.requestPasswordReset, {
      emailOrUsername: user.username,
    });
    expect(own).toMatchObject({ status: 200, body: { success: true } });
    const mail = await arrived;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(user.email);
    expect(mail.text).toContain('/reset-password?token=');
  });
});

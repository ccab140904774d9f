import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { ACCOUNT_ROUTES } from '@music-rooms/domain/account-routes';
import type {
  AuthUserResponse,
  SessionUser,
  UnlinkResponse,
  VerifyEmailResponse,
} from '@music-rooms/domain/auth';
import type { UserId } from '@music-rooms/domain/ids';
import { authRequest } from './auth-api';
import { FunctionCallError } from '../../lib/api/function-call-error';

type Sent = { method: string; url: string; body: unknown };

/** Answers every fetch with one status and body, and keeps what was sent. */
function answerWith(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const text = typeof init?.body === 'string' ? init.body : undefined;
    sent.push({
      method: init?.method ?? 'GET',
      url: String(input),
      body: text === undefined ? undefined : JSON.parse(text),
    });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  };
  vi.stubGlobal('fetch', vi.fn(fetchStub));
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// These lines are checked by `npm run check` (tsc -b takes the tests in web/src): each @ts-expect-error fails
// the type check the day the call it marks compiles, that is when the typed door reopens.
describe('the account calls, typed by the routes domain declares', () => {
  it('takes the body and gives the answer of the route it names', () => {
    const login = () =>
      authRequest(ACCOUNT_ROUTES.login, { emailOrUsername: 'ada', password: 'p' });
    expectTypeOf(login).returns.resolves.toEqualTypeOf<AuthUserResponse>();
    const unlink = () =>
      authRequest(ACCOUNT_ROUTES.unlinkProvider, undefined, { provider: 'github' });
    expectTypeOf(unlink).returns.resolves.toEqualTypeOf<UnlinkResponse>();
    expectTypeOf(authRequest<typeof ACCOUNT_ROUTES.verifyEmail>)
      .parameter(1)
      .toEqualTypeOf<{ token: string }>();
  });

  it('refuses a misspelled route, a wrong body and a wrong answer', () => {
    const calls = [
      // @ts-expect-error no such route
      () => authRequest(ACCOUNT_ROUTES.logni, { emailOrUsername: 'ada', password: 'p' }),
      // @ts-expect-error a path is no route: its body and answer would be anyone's guess
      () => authRequest('/api/_auth/session'),
      // @ts-expect-error the password is missing
      () => authRequest(ACCOUNT_ROUTES.login, { emailOrUsername: 'ada' }),
      // @ts-expect-error a field the route does not take
      () => authRequest(ACCOUNT_ROUTES.login, { emailOrUsername: 'ada', password: 'p', x: 1 }),
      // @ts-expect-error the user id is no plain string
      () => authRequest(ACCOUNT_ROUTES.changePassword, { userId: 'u1', newPassword: 'secret1' }),
      // @ts-expect-error a route with a body needs it
      () => authRequest(ACCOUNT_ROUTES.register),
      // @ts-expect-error sign-out takes no body
      () => authRequest(ACCOUNT_ROUTES.signOut, {}),
      // @ts-expect-error the provider is one the app knows
      () => authRequest(ACCOUNT_ROUTES.unlinkProvider, undefined, { provider: 'myspace' }),
      async () => {
        // @ts-expect-error login answers the user, not a verification state
        const wrong: VerifyEmailResponse = await authRequest(ACCOUNT_ROUTES.login, {
          emailOrUsername: 'ada',
          password: 'p',
        });
        return wrong;
      },
    ];
    expect(calls).toHaveLength(9);
  });

  it('sends the route’s method, path and body, and answers its JSON', async () => {
    const user = { id: 'u1', name: 'Ada' } as unknown as SessionUser;
    const sent = answerWith(200, { user });
    const userId = 'u1' as UserId;
    const answer = await authRequest(ACCOUNT_ROUTES.changePassword, {
      userId,
      newPassword: 'secret1',
    });
    expect(answer).toEqual({ user });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/auth/change-password',
        body: { userId: 'u1', newPassword: 'secret1' },
      },
    ]);
    const unlinkSent = answerWith(200, { success: true });
    await authRequest(ACCOUNT_ROUTES.unlinkProvider, undefined, { provider: 'github' });
    expect(unlinkSent).toEqual([
      { method: 'POST', url: '/api/auth/unlink-github', body: undefined },
    ]);
  });

  it('throws the one client error, with the key and field of the error body', async () => {
    answerWith(409, {
      statusCode: 409,
      error: 'Conflict',
      code: 'conflict',
      key: 'auth.errors.emailExists',
      message: 'An account with this email already exists',
      statusMessage: 'auth.errors.emailExists',
      field: 'email',
    });
    const call = authRequest(ACCOUNT_ROUTES.register, {
      name: 'Ada',
      username: 'ada',
      email: 'ada@example.com',
      password: 'secret1',
    });
    await expect(call).rejects.toBeInstanceOf(FunctionCallError);
    await expect(call).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'An account with this email already exists',
      data: { code: 'conflict', key: 'auth.errors.emailExists', field: 'email' },
    });
  });
});

import { eq } from 'drizzle-orm';
import { AUTH_ERRORS, errorText } from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import type { FunctionBody, JsonReply } from '../helpers/factories';
import { describe, expect, test as it } from '../helpers/fixtures';

type Reply = JsonReply<FunctionBody>;

const expectRefusal = (res: Reply, code: string, key: string) => {
  expect(res.status).toBe(560);
  expect(res.body.errorData).toMatchObject({ code, key });
  expect(res.body.errorMessage).toBe(errorText(key));
};

describe('changing the e-mail asks for the current password', () => {
  it('refuses a change without the password, or with a wrong one, and changes nothing', async ({
    t,
    f,
  }) => {
    const { user, client } = await f.signedInUser();
    const change = (extra: Record<string, unknown>) =>
      client.call('users.updateUserProfile', {
        id: user.id,
        name: 'Taken Over',
        email: 'thief@example.com',
        ...extra,
      }) as Promise<Reply>;
    expectRefusal(
      await change({}),
      'current_password_required',
      AUTH_ERRORS.currentPasswordRequired,
    );
    expectRefusal(
      await change({ currentPassword: '' }),
      'current_password_required',
      AUTH_ERRORS.currentPasswordRequired,
    );
    expectRefusal(
      await change({ currentPassword: 'not-the-password' }),
      'current_password_wrong',
      AUTH_ERRORS.currentPasswordWrong,
    );
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, name: user.name });
  });

  it('saves the new e-mail with the right password', async ({ f }) => {
    const { user, client, password } = await f.signedInUser();
    const res = (await client.call('users.updateUserProfile', {
      id: user.id,
      email: 'moved@example.com',
      currentPassword: password,
    })) as Reply;
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ email: 'moved@example.com' });
  });

  it('needs no password for other fields, nor for the same address in another case', async ({
    f,
  }) => {
    const { user, client } = await f.signedInUser({ email: 'case@example.com' });
    const res = (await client.call('users.updateUserProfile', {
      id: user.id,
      name: 'Only Name',
      email: 'CASE@example.com',
    })) as Reply;
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ name: 'Only Name', email: 'case@example.com' });
  });

  it('lets an account without a password (made through a provider) change it as before', async ({
    f,
  }) => {
    const { user, client } = await f.signedInUser({ password: null, githubId: 'gh-1' }, 'github');
    const res = (await client.call('users.updateUserProfile', {
      id: user.id,
      email: 'oauth.moved@example.com',
    })) as Reply;
    expect(res.status).toBe(200);
    expect(res.body.value).toMatchObject({ email: 'oauth.moved@example.com' });
  });

  it('is rate-limited like other password checks: the sixth try in a minute is refused', async ({
    t,
    f,
  }) => {
    const { user, client, password } = await f.signedInUser();
    const wrong = { id: user.id, email: 'guess@example.com', currentPassword: 'guess' };
    for (let i = 0; i < 5; i++) {
      const res = (await client.call('users.updateUserProfile', wrong)) as Reply;
      expect(res.body.errorData.key).toBe(AUTH_ERRORS.currentPasswordWrong);
    }
    const refused = (await client.call('users.updateUserProfile', {
      ...wrong,
      currentPassword: password,
    })) as Reply;
    expectRefusal(refused, 'rate_limited', AUTH_ERRORS.tooManyRequests);
    expect(refused.body.errorData.retryAfterMs).toBeGreaterThan(0);
    const [row] = await t.app.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.email).toBe(user.email);
    // Other changes are not held up.
    const renamed = (await client.call('users.updateUserProfile', {
      id: user.id,
      name: 'Still Me',
    })) as Reply;
    expect(renamed.status).toBe(200);
  });
});

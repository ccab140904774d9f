import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { AUTH_ERRORS, AUTH_ROUTES, asUserId } from '@music-rooms/domain';
import { users } from '../../src/db/schema';
import { defineFunction } from '../../src/functions';
import type { LogRecord, TestApp } from '../helpers/app';
import { describe, expect, test } from '../helpers/fixtures';

/** What a failed query carries in its parameters: none of it may reach the log. */
const SECRET_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$c2FsdC1uZXZlci1sb2dnZWQ$aGFzaC1uZXZlci1sb2dnZWQ';
const SECRET_TOKEN = 'token-never-logged-5f3a9c';
const SECRET_EMAIL = 'never-logged-7c1e@example.com';

/**
 * Functions that make the database refuse a query holding a secret: a unique violation on an
 * insert whose parameters hold a password hash, a value PostgreSQL quotes in its message (an
 * id that is no uuid), and a NUL the encoding refuses. Each fails as a real request would.
 */
const probes = [
  defineFunction('mutation', {
    path: 'probe.duplicateAccount',
    args: z.object({ email: z.string() }),
    handler: async (ctx, { email }) => {
      await ctx.deps.db.insert(users).values({
        name: 'Copy',
        username: `copy_${Date.now()}`,
        email,
        passwordHash: SECRET_HASH,
        avatar: '#123456',
      });
    },
  }),
  defineFunction('query', {
    path: 'probe.notAUuid',
    args: z.object({}),
    handler: async (ctx) => {
      await ctx.deps.db
        .select()
        .from(users)
        .where(eq(users.id, asUserId(SECRET_TOKEN)));
    },
  }),
  defineFunction('mutation', {
    path: 'probe.nulInText',
    args: z.object({}),
    handler: async (ctx) => {
      await ctx.deps.db.execute(sql`SELECT ${`${SECRET_TOKEN}\u0000`}::text AS value`);
    },
  }),
];

const it = test
  .extend('appEnv', { scope: 'file' }, { LOG_LEVEL: 'trace', TRUST_PROXY: 'true' })
  .extend('appOptions', { scope: 'file' }, { captureLogs: true, functions: probes });

/** The error lines logged since `from` (what a request's failure wrote). */
const errorLines = (t: TestApp, from: number): LogRecord[] =>
  t.logs.slice(from).filter((line) => line.err !== undefined);

function expectNoSecrets(lines: LogRecord[], ...secrets: string[]) {
  expect(lines.length).toBeGreaterThan(0);
  const logged = JSON.stringify(lines);
  for (const secret of [SECRET_HASH, '$argon2', SECRET_TOKEN, ...secrets]) {
    expect(logged).not.toContain(secret);
  }
  expect(logged).not.toMatch(/params:|insert into|select /i);
}

describe('database errors in the log', () => {
  it('keep the code, the constraint and a short message, without the query or its parameters', async ({
    t,
    f,
  }) => {
    const { user } = await f.user({ email: SECRET_EMAIL });
    const from = t.logs.length;
    const res = await f.guest().call('probe.duplicateAccount', { email: SECRET_EMAIL });
    expect(res.status).toBe(500);
    const lines = errorLines(t, from);
    expectNoSecrets(lines, SECRET_EMAIL, user.username);
    expect(lines[0]!.err).toMatchObject({
      type: 'DrizzleQueryError',
      code: '23505',
      constraint: 'users_email_unique',
      message: 'Failed query: duplicate key value violates unique constraint "users_email_unique"',
    });
  });

  it('take out the values PostgreSQL quotes in its own message', async ({ t, f }) => {
    const from = t.logs.length;
    expect((await f.guest().call('probe.notAUuid')).status).toBe(500);
    const lines = errorLines(t, from);
    expectNoSecrets(lines);
    expect(lines[0]!.err).toMatchObject({ code: '22P02' });
    expect(String((lines[0]!.err as { message: string }).message)).toMatch(/uuid: "\[redacted\]"/);
  });

  it('leave out the text of a NUL the database refuses', async ({ t, f }) => {
    const from = t.logs.length;
    expect((await f.guest().call('probe.nulInText')).status).toBe(500);
    const lines = errorLines(t, from);
    expectNoSecrets(lines);
    expect(lines[0]!.err).toMatchObject({ code: '22021' });
  });

  it('never hold the new account of a sign-up the database refuses', async ({ t, f }) => {
    const db = t.app.database.db;
    await db.execute(sql`
      CREATE FUNCTION refuse_signup() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sign-ups are closed'; END $$`);
    await db.execute(sql`
      CREATE TRIGGER refuse_signup BEFORE INSERT ON users
      FOR EACH ROW EXECUTE FUNCTION refuse_signup()`);
    try {
      const from = t.logs.length;
      const form = {
        name: 'Secret Name',
        username: 'never_logged_9d2',
        email: 'signup-never-logged@example.com',
        password: 'password-never-logged-41c8',
      };
      const res = await f.guestFrom().post(AUTH_ROUTES.register, form);
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ key: AUTH_ERRORS.registrationFailed });
      const lines = errorLines(t, from);
      expectNoSecrets(lines, form.name, form.username, form.email, form.password);
      expect(lines[0]!.err).toMatchObject({
        code: 'P0001',
        message: 'Failed query: sign-ups are closed',
      });
    } finally {
      await db.execute(sql`DROP TRIGGER refuse_signup ON users`);
    }
  });
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCommandError, COMMANDS, help } from '../../src/cli/admin-commands';
import { runAdmin } from '../../src/cli/admin-run';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db';
import { databaseOptionsFromConfig } from '../../src/db/options';
import { createUserAccount } from '../../src/services/accounts/users';
import { findUserByEmail } from '../../src/services/accounts/users-store';
import { startTestApp, type TestApp } from '../helpers/app';
import { factories } from '../helpers/factories';

describe('admin commands: grant, revoke, admins', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ SUPER_ADMIN_EMAILS: 'env.admin@example.com' });
  });
  afterAll(() => t.close());

  const run = (name: string, ...args: string[]) =>
    COMMANDS[name]!.run({ config: t.config, database: t.app.database, args });

  it('grants and revokes the flag by e-mail, in any case', async () => {
    const { user } = await factories(t).user({
      email: 'Promoted@example.com',
      username: 'promoted',
    });
    expect(await run('grant', 'promoted@EXAMPLE.com')).toBe(
      'Promoted@example.com (promoted) is now a super administrator.',
    );
    expect((await findUserByEmail(t.app.database.db, user.email))?.superAdmin).toBe(true);
    expect(await run('admins')).toContain('Promoted@example.com (promoted)  flag');
    expect(await run('revoke', user.email)).toBe(
      'Promoted@example.com (promoted) is no longer a super administrator.',
    );
    expect((await findUserByEmail(t.app.database.db, user.email))?.superAdmin).toBe(false);
    expect(await run('admins')).not.toContain('Promoted@example.com');
  });

  it('says clearly when no account has the e-mail', async () => {
    await expect(run('grant', 'ghost@example.com')).rejects.toThrow(
      'No account with the e-mail ghost@example.com. The person must sign up first, or add the e-mail to SUPER_ADMIN_EMAILS.',
    );
    await expect(run('revoke', 'ghost@example.com')).rejects.toBeInstanceOf(AdminCommandError);
  });

  it('asks for exactly one e-mail', async () => {
    await expect(run('grant')).rejects.toThrow('Usage: npm run admin -- grant <email>');
    await expect(run('revoke', 'a@example.com', 'b@example.com')).rejects.toThrow(
      'Usage: npm run admin -- revoke <email>',
    );
  });

  it('lists the e-mails of SUPER_ADMIN_EMAILS too, and warns when revoking one of them', async () => {
    expect(await run('admins')).toContain('env.admin@example.com  SUPER_ADMIN_EMAILS');
    await factories(t).user({ email: 'env.admin@example.com', superAdmin: true });
    expect(await run('revoke', 'env.admin@example.com')).toContain(
      'SUPER_ADMIN_EMAILS still lists it',
    );
  });

  it('names the commands in its help', () => {
    expect(help()).toMatch(/grant <email>[\s\S]*revoke <email>[\s\S]*admins/);
  });
});

describe('npm run admin against an embedded database on disk', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-admin-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const database = await openDatabase(databaseOptionsFromConfig(config));
    await createUserAccount(database.db, {
      name: 'Op',
      username: 'operator',
      email: 'op@example.com',
    });
    await database.close();
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const flagOf = async (email: string) => {
    const database = await openDatabase(
      databaseOptionsFromConfig(loadConfig({ DATA_DIR: dataDir })),
    );
    const user = await findUserByEmail(database.db, email);
    await database.close();
    return user?.superAdmin;
  };

  /** Runs a command as `npm run admin` does, in this process: its exit code and output. */
  const admin = async (...args: string[]) => {
    let stdout = '';
    let stderr = '';
    const output = {
      stdout: (text: string) => (stdout += text),
      stderr: (text: string) => (stderr += text),
    };
    const code = await runAdmin(args, output, () => ({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
    return { code, stdout, stderr };
  };

  it('grants, and refuses an unknown e-mail with exit code 2', async () => {
    expect(await admin('grant', 'op@example.com')).toMatchObject({
      code: 0,
      stdout: 'op@example.com (operator) is now a super administrator.\n',
    });
    expect(await flagOf('op@example.com')).toBe(true);
    const unknown = await admin('grant', 'nobody@example.com');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No account with the e-mail nobody@example.com');
  });
});

describe('the npm run admin entry point', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

  // One real process (from source, as the build bundles it) for the arguments, streams and exit
  // code; the commands themselves run in-process above.
  it('prints the help and exits with 2 for an unknown command', async () => {
    const child = spawn(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'server/src/cli/admin.ts'), 'nonsense'],
      { cwd: root, env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' } },
    );
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(2);
    expect(stdout).toMatch(/grant <email>[\s\S]*revoke <email>[\s\S]*admins/);
  });
});

import type { DatabaseHandle } from '../db';
import { setSuperAdmin } from '../services/accounts/users';
import {
  findUserByEmail,
  hasVerifiedEmail,
  listFlaggedSuperAdmins,
} from '../services/accounts/users-store';
import { AdminCommandError, usageError, type AdminCommand } from './command';
import { jobsCommand } from './jobs-commands';

export { AdminCommandError, type AdminCommand } from './command';

function emailArgument(args: string[], usage: string): string {
  const email = args[0]?.trim();
  if (!email || args.length !== 1) throw usageError(usage);
  return email;
}

const noAccount = (email: string) =>
  new AdminCommandError(
    `No account with the e-mail ${email}. The person must sign up first, or add the e-mail to SUPER_ADMIN_EMAILS.`,
  );

/** A SUPER_ADMIN_EMAILS address as `admins` shows it: whether its account has verified it. */
async function listedLine(database: DatabaseHandle, email: string): Promise<string> {
  const user = await findUserByEmail(database.db, email);
  if (!user) return `  ${email}  SUPER_ADMIN_EMAILS (no account yet)`;
  if (hasVerifiedEmail(user)) return `  ${user.email} (${user.username})  SUPER_ADMIN_EMAILS`;
  return `  ${user.email} (${user.username})  SUPER_ADMIN_EMAILS, not verified: no rights until the owner opens the mailed link, or \`grant\` it`;
}

export const COMMANDS: Record<string, AdminCommand> = {
  migrate: {
    usage: 'migrate',
    summary: 'apply database migrations (the server also does this when it starts)',
    run: async ({ database }) => `Database (${database.kind}) is up to date.`,
  },
  grant: {
    usage: 'grant <email>',
    summary: 'make the account with this e-mail a super administrator',
    run: async ({ database, args }) => {
      const email = emailArgument(args, 'grant <email>');
      const user = await setSuperAdmin(database.db, email, true);
      if (!user) throw noAccount(email);
      return `${user.email} (${user.username}) is now a super administrator.`;
    },
  },
  revoke: {
    usage: 'revoke <email>',
    summary: 'take super administrator rights away from the account with this e-mail',
    run: async ({ config, database, args }) => {
      const email = emailArgument(args, 'revoke <email>');
      const user = await setSuperAdmin(database.db, email, false);
      if (!user) throw noAccount(email);
      const stillListed = config.superAdminEmails.includes(user.email.toLowerCase());
      return stillListed
        ? `Flag removed from ${user.email}, but SUPER_ADMIN_EMAILS still lists it: remove it there too.`
        : `${user.email} (${user.username}) is no longer a super administrator.`;
    },
  },
  admins: {
    usage: 'admins',
    summary: 'list super administrators (by flag and by SUPER_ADMIN_EMAILS)',
    run: async ({ config, database }) => {
      const flagged = await listFlaggedSuperAdmins(database.db);
      const lines = flagged.map((user) => `  ${user.email} (${user.username})  flag`);
      for (const email of config.superAdminEmails) {
        if (!flagged.some((user) => user.email.toLowerCase() === email)) {
          lines.push(await listedLine(database, email));
        }
      }
      return lines.length === 0
        ? 'No super administrators.'
        : ['Super administrators:', ...lines].join('\n');
    },
  },
  jobs: jobsCommand,
};

/** The list `npm run admin -- help` prints. */
export function help(): string {
  const lines = Object.values(COMMANDS)
    .flatMap((c) => c.forms ?? [c])
    .map((c) => `  ${c.usage.padEnd(24)} ${c.summary}`);
  return ['Usage: npm run admin -- <command>', '', 'Commands:', ...lines].join('\n');
}

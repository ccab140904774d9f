import { ConfigError, loadConfig } from '../config';
import { loadEnvFile } from '../env-file';
import { openDatabase } from '../db';
import { databaseOptionsFromConfig } from '../db/options';
import { AdminCommandError, COMMANDS, help } from './admin-commands';

/** Where a command's answer and its error go (the process's streams, or a test's strings). */
export type AdminOutput = { stdout: (text: string) => void; stderr: (text: string) => void };

/** The process's settings, with the `.env` file read first, as `npm start` reads them. */
function processSettings(): NodeJS.ProcessEnv {
  loadEnvFile();
  return process.env;
}

async function runCommand(
  argv: string[],
  output: AdminOutput,
  settings: () => NodeJS.ProcessEnv,
): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    output.stdout(`${help()}\n`);
    return name && name !== 'help' ? 2 : 0;
  }
  const config = loadConfig(settings());
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    output.stdout(`${await command.run({ config, database, args })}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

/**
 * `npm run admin -- <command> [args]`: runs the command and answers the exit code — 0 done,
 * 2 for a mistake the person can fix (a setting, an argument, an unknown account), 1 otherwise.
 * Settings are read only when a command needs the database.
 */
export async function runAdmin(
  argv: string[],
  output: AdminOutput,
  settings: () => NodeJS.ProcessEnv = processSettings,
): Promise<number> {
  try {
    return await runCommand(argv, output, settings);
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof AdminCommandError;
    const message = known || error instanceof Error ? (error as Error).message : String(error);
    output.stderr(`${message}\n`);
    return known ? 2 : 1;
  }
}

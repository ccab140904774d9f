import { ConfigError, loadConfig } from '../config';
import { loadEnvFile } from '../env-file';
import { openDatabase } from '../db';
import { databaseOptionsFromConfig } from '../db/options';
import { AdminCommandError, COMMANDS, help } from './admin-commands';

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    process.stdout.write(`${help()}\n`);
    return name && name !== 'help' ? 2 : 0;
  }
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    process.stdout.write(`${await command.run({ config, database, args })}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof AdminCommandError;
    const message = known || error instanceof Error ? (error as Error).message : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(known ? 2 : 1);
  },
);

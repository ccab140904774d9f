import { settingError } from './startup-errors';

/** The settings file read from the working directory, beside the environment. */
export const ENV_FILE = '.env';

/**
 * Reads `.env` of the working directory into process.env, when there is one. The environment
 * wins: Node's loader sets only the keys that are not set already (even to an empty value), so
 * `PORT=4000 npm start` overrides the file. A file that is there but cannot be read stops the
 * start with one line, as any other setting does.
 */
export function loadEnvFile(): void {
  try {
    process.loadEnvFile(ENV_FILE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw settingError(ENV_FILE, 'cannot be read', error);
  }
}

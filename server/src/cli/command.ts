import type { Config } from '../config';
import type { DatabaseHandle } from '../db';

/** A maintenance command: run with `npm run admin -- <name> [args]`. */
export type AdminCommand = {
  usage: string;
  summary: string;
  /** Lines of its own in the help, when it has several forms (`jobs list`, `jobs retry`). */
  forms?: { usage: string; summary: string }[];
  run: (context: { config: Config; database: DatabaseHandle; args: string[] }) => Promise<string>;
};

/** A failure the person running the command can fix (wrong argument, unknown account). */
export class AdminCommandError extends Error {}

export const usageError = (usage: string) =>
  new AdminCommandError(`Usage: npm run admin -- ${usage}`);

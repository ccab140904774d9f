import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The outbox folder (DATA_DIR/outbox): mail written as .eml files when no SMTP server is set.
 * Answers the file written, named by the time and a random suffix so none is overwritten.
 */
export async function writeOutboxMessage(folder: string, message: Buffer): Promise<string> {
  await fs.mkdir(folder, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const file = path.join(folder, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
  await fs.writeFile(file, message);
  return file;
}

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { settingError } from '../startup-errors';

/**
 * One process at a time may open the embedded database: two PGlite instances on the same files
 * each see only their own writes, and one's work is lost when both stop. The holder of
 * `DATA_DIR/db.lock` is the one; the file names it.
 *
 * A holder that died without removing the file (kill -9, a power cut) leaves it behind, so a
 * lock counts only while its process lives. A pid alone cannot tell: once its process is gone
 * the number is handed to another. On Linux the file also records the kernel's boot id and the
 * process's start time (`/proc/<pid>/stat`), which a later process with the same pid cannot
 * match. Where `/proc` is missing (macOS, Windows) only the pid is checked.
 */
export const LOCK_FILE_NAME = 'db.lock';

/** What the lock file says about its holder. */
export type LockHolder = {
  pid: number;
  /** Random per lock: a holder removes the file only while it is still its own. */
  instance: string;
  bootId: string | null;
  /** Start time of the process, in clock ticks since boot (field 22 of /proc/<pid>/stat). */
  startTicks: string | null;
  startedAt: string;
};

export type DataDirLock = { file: string; release: () => void };

/** Takes the folder's lock or throws a ConfigError naming DATA_DIR and the process holding it. */
export function lockDataDir(dir: string): DataDirLock {
  makeFolder(dir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const holder = ownHolder();
  const content = JSON.stringify(holder, null, 2);
  // Each round either takes the lock, refuses, or clears a dead holder's file and tries again.
  for (let round = 0; round < 5; round += 1) {
    if (createExclusive(dir, file, content)) return heldLock(file, holder, content);
    const found = readText(file);
    if (found === null) continue;
    const other = parseHolder(found);
    if (other && isRunning(other)) {
      throw settingError(
        'DATA_DIR',
        `${dir} is in use by another music-rooms server (pid ${other.pid}); stop it or choose another DATA_DIR`,
      );
    }
    removeIfUnchanged(file, found);
  }
  throw settingError('DATA_DIR', `${dir}: its lock file ${file} keeps changing; try again`);
}

/** Whether the process that wrote the lock still runs (the same process, not its pid's heir). */
export function isRunning(holder: LockHolder): boolean {
  // Our own pid: exact, with or without /proc (in a container, every start may be pid 1).
  if (holder.pid === process.pid) return heldHere.has(holder.instance);
  if (holder.bootId !== null && holder.bootId !== BOOT_ID) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (holder.startTicks === null) return true;
  const startTicks = processStartTicks(holder.pid);
  return startTicks === null || startTicks === holder.startTicks;
}

function ownHolder(): LockHolder {
  return {
    pid: process.pid,
    instance: randomUUID(),
    bootId: BOOT_ID,
    startTicks: processStartTicks(process.pid),
    startedAt: new Date().toISOString(),
  };
}

/** The instances of the locks this process holds. */
const heldHere = new Set<string>();

function heldLock(file: string, holder: LockHolder, content: string): DataDirLock {
  heldHere.add(holder.instance);
  // An exit without close (process.exit, an uncaught error, SIGINT handled by main.ts) frees it too.
  const release = () => {
    if (!heldHere.delete(holder.instance)) return;
    process.off('exit', release);
    try {
      if (readText(file) === content) fs.rmSync(file, { force: true });
    } catch {
      // Nothing left to do while exiting; the next start finds a dead holder's lock.
    }
  };
  process.on('exit', release);
  return { file, release };
}

function makeFolder(dir: string) {
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      throw settingError('DATA_DIR', `${dir} is a file, not a folder`);
    }
    throw settingError('DATA_DIR', `${dir} cannot be created`, error);
  }
}

/**
 * Creates the lock file with its whole content at once, or answers false when it exists: the
 * content is written to a file of our own, then hard-linked into place (a link fails when the
 * name is taken), so nobody ever reads a half-written lock. Where the file system has no hard
 * links, an exclusive create does, with a moment in which the file is still empty.
 */
function createExclusive(dir: string, file: string, content: string): boolean {
  const draft = `${file}.${randomUUID()}`;
  try {
    fs.writeFileSync(draft, content, { flag: 'wx' });
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code === 'EPERM' || code === 'ENOTSUP' || code === 'ENOSYS') {
      return createWithoutLink(dir, file, content);
    }
    throw settingError('DATA_DIR', `${dir} cannot be written`, error);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function createWithoutLink(dir: string, file: string, content: string): boolean {
  try {
    fs.writeFileSync(file, content, { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw settingError('DATA_DIR', `${dir} cannot be written`, error);
  }
}

/**
 * Removes a dead holder's lock file, unless someone replaced it since it was read: two servers
 * starting together may both find the same dead lock, and the second must not delete the lock
 * the first has just taken. The file is moved aside (one of them wins the move), and put back
 * if it turns out to be a live one.
 */
function removeIfUnchanged(file: string, seen: string) {
  const aside = `${file}.${randomUUID()}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw settingError('DATA_DIR', `${path.dirname(file)} cannot be written`, error);
  }
  const moved = readText(aside);
  if (moved !== null && moved !== seen) {
    try {
      fs.writeFileSync(file, moved, { flag: 'wx' });
    } catch {
      // Taken again meanwhile: the next round reads whoever holds it now.
    }
  }
  fs.rmSync(aside, { force: true });
}

function parseHolder(text: string): LockHolder | null {
  try {
    const holder = JSON.parse(text) as Partial<LockHolder>;
    if (!Number.isInteger(holder.pid) || (holder.pid ?? 0) <= 0) return null;
    return {
      pid: holder.pid as number,
      instance: String(holder.instance ?? ''),
      bootId: typeof holder.bootId === 'string' ? holder.bootId : null,
      startTicks: typeof holder.startTicks === 'string' ? holder.startTicks : null,
      startedAt: String(holder.startedAt ?? ''),
    };
  } catch {
    // An unreadable lock (a crash while it was being written) protects nothing.
    return null;
  }
}

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw settingError('DATA_DIR', `lock file ${file} cannot be read`, error);
  }
}

/** The kernel's id of the current boot: processes of an earlier boot are all gone. */
const BOOT_ID = readOptional('/proc/sys/kernel/random/boot_id');

function processStartTicks(pid: number): string | null {
  const stat = readOptional(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses; the fields after it do not.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function readOptional(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

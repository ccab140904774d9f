import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config';
import {
  LOCK_FILE_NAME,
  isRunning,
  lockDataDir,
  type DataDirLock,
  type LockHolder,
} from '../../src/db/data-dir-lock';

const folders: string[] = [];
const locks: DataDirLock[] = [];
afterEach(() => {
  locks.splice(0).forEach((lock) => lock.release());
  folders.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'music-rooms-lock-'));
  folders.push(dir);
  return dir;
}

function take(dir: string): DataDirLock {
  const lock = lockDataDir(dir);
  locks.push(lock);
  return lock;
}

const lockFile = (dir: string) => path.join(dir, LOCK_FILE_NAME);
const holderIn = (dir: string) => JSON.parse(fs.readFileSync(lockFile(dir), 'utf8')) as LockHolder;

/** A pid that no process has any more: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], {
    encoding: 'utf8',
  });
  return Number(child.stdout);
}

/** A lock file as a holder that is not this process would have left it. */
function leaveLock(dir: string, holder: Partial<LockHolder>) {
  const full = {
    pid: 1,
    instance: 'other',
    bootId: null,
    startTicks: null,
    startedAt: '',
    ...holder,
  };
  fs.writeFileSync(lockFile(dir), JSON.stringify(full));
}

const linux = fs.existsSync('/proc/self/stat');

describe('the data folder lock', () => {
  it('names this process in the lock file, and removes the file on release', () => {
    const dir = tempDir();
    const lock = take(dir);
    expect(holderIn(dir)).toMatchObject({ pid: process.pid });
    lock.release();
    expect(fs.existsSync(lockFile(dir))).toBe(false);
    take(dir);
  });

  it('refuses a second lock on a held folder, naming the folder and the holding pid', () => {
    const dir = tempDir();
    take(dir);
    expect(() => lockDataDir(dir)).toThrow(ConfigError);
    expect(() => lockDataDir(dir)).toThrow(
      `DATA_DIR ${dir} is in use by another music-rooms server (pid ${process.pid}); stop it or choose another DATA_DIR`,
    );
  });

  it('refuses while another live process holds the lock', () => {
    const dir = tempDir();
    // The parent of this test process: alive, and recorded as the kernel knows it.
    const parent = process.ppid;
    const probe = { pid: parent, instance: 'x', bootId: null, startTicks: null, startedAt: '' };
    expect(isRunning(probe)).toBe(true);
    leaveLock(dir, { pid: parent });
    expect(() => lockDataDir(dir)).toThrow(`(pid ${parent})`);
  });

  it('takes over the lock of a process that has exited', () => {
    const dir = tempDir();
    leaveLock(dir, { pid: deadPid() });
    take(dir);
    expect(holderIn(dir).pid).toBe(process.pid);
  });

  it('takes over a lock left by an earlier run of this same pid (a container restarted)', () => {
    const dir = tempDir();
    leaveLock(dir, { pid: process.pid, instance: 'an earlier run' });
    take(dir);
    expect(holderIn(dir).instance).not.toBe('an earlier run');
  });

  it.runIf(linux)('takes over a lock whose pid now belongs to a later process', () => {
    const dir = tempDir();
    const lock = take(dir);
    expect(holderIn(dir).startTicks).toMatch(/^\d+$/);
    lock.release();
    // The parent runs, but did not start at the recorded moment: the pid was handed on.
    leaveLock(dir, { pid: process.ppid, startTicks: '1' });
    take(dir);
    expect(holderIn(dir).pid).toBe(process.pid);
  });

  it.runIf(linux)('takes over a lock written before the machine last started', () => {
    const dir = tempDir();
    leaveLock(dir, { pid: process.ppid, bootId: 'a-boot-long-gone' });
    take(dir);
    expect(holderIn(dir).pid).toBe(process.pid);
  });

  it('takes over an unreadable lock file', () => {
    const dir = tempDir();
    fs.writeFileSync(lockFile(dir), '');
    take(dir);
    expect(holderIn(dir).pid).toBe(process.pid);
  });

  it('leaves a lock that another server took over in place on release', () => {
    const dir = tempDir();
    const lock = take(dir);
    leaveLock(dir, { pid: process.ppid, instance: 'the next holder' });
    lock.release();
    expect(holderIn(dir).instance).toBe('the next holder');
  });

  it('refuses a DATA_DIR that is a file, naming the setting', () => {
    const file = path.join(tempDir(), 'not-a-folder');
    fs.writeFileSync(file, '');
    expect(() => lockDataDir(file)).toThrow(`DATA_DIR ${file} is a file, not a folder`);
    expect(() => lockDataDir(path.join(file, 'data'))).toThrow(/^DATA_DIR .* cannot be created/);
  });
});

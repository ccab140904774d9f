import fs from 'node:fs';

/** What was seen of one child process: how long it was seen alive, and its peak memory. */
export type ChildSeen = { pid: number; firstMs: number; lastMs: number; peakRssKb: number };

const SAMPLE_MS = 10;

/** The parent's id and the name of a process, from /proc/<pid>/stat; null once it is gone. */
function statOf(pid: string): { ppid: number; comm: string } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const ppid = Number(stat.slice(close + 2).split(' ')[1]);
    return { ppid, comm };
  } catch {
    return null;
  }
}

/** VmHWM (peak resident memory) of a process in kB, or 0 once it is gone. */
function peakRssKb(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

/**
 * Watches the children called `name` of a process (the app's ffmpeg runs) every 10 ms, reading
 * their VmHWM from /proc while they run: Node's child_process gives no rusage of another
 * process's children.
 */
export function watchChildren(parentPid: number, name: string) {
  const seen = new Map<number, ChildSeen>();
  const timer = setInterval(() => {
    const now = performance.now();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = statOf(entry);
      if (!stat || stat.ppid !== parentPid || stat.comm !== name) continue;
      const pid = Number(entry);
      const child = seen.get(pid) ?? { pid, firstMs: now, lastMs: now, peakRssKb: 0 };
      child.lastMs = now;
      child.peakRssKb = Math.max(child.peakRssKb, peakRssKb(pid));
      seen.set(pid, child);
    }
  }, SAMPLE_MS);
  return {
    /** The children seen since the last take, forgotten by it. */
    take: (): ChildSeen[] => {
      const children = [...seen.values()];
      seen.clear();
      return children;
    },
    stop: () => clearInterval(timer),
  };
}

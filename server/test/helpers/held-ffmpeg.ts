import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveFfmpegPath } from '../../src/media';

/**
 * An ffmpeg that waits while a gate is closed: a small script in front of the real one, for a
 * test to catch a track in the middle of its processing. `FFMPEG_PATH` names `path`; `close()`
 * holds every run that starts afterwards, `open()` lets them (and the held ones) go on.
 */
export type HeldFfmpeg = { path: string; close: () => void; open: () => void };

export function heldFfmpeg(): HeldFfmpeg {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'held-ffmpeg-'));
  const gate = path.join(dir, 'closed');
  const script = path.join(dir, 'ffmpeg');
  const real = resolveFfmpegPath(null, process.env.PATH ?? '');
  fs.writeFileSync(
    script,
    `#!/bin/sh\nwhile [ -e '${gate}' ]; do sleep 0.05; done\nexec '${real}' "$@"\n`,
    { mode: 0o755 },
  );
  return {
    path: script,
    close: () => fs.writeFileSync(gate, ''),
    open: () => fs.rmSync(gate, { force: true }),
  };
}

import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, test } from '../helpers/fixtures';
import { connectAsGuest } from '../helpers/realtime';

const probeScript = fileURLToPath(new URL('../fixtures/clock-probe.ts', import.meta.url));
const repoRoot = path.resolve(path.dirname(probeScript), '../../..');

type Probe = { epochMs: number; uncertaintyMs: number };

/** Another process of this machine: the epoch ms its server clock gives a monotonic instant. */
async function clockOfAnotherProcess(instant: bigint): Promise<Probe> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', probeScript, instant.toString()],
    { cwd: repoRoot },
  );
  return JSON.parse(stdout) as Probe;
}

describe('clock probes', () => {
  test('clock:ping answers epoch ms with fractions, never going back', async ({ t }) => {
    const socket = await connectAsGuest(t);
    try {
      const answers: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        const sentAt = Date.now();
        const serverNow = await socket.emitWithAck('clock:ping');
        const receivedAt = Date.now();
        // One machine: the server's time lies between the probe's departure and return.
        expect(serverNow).toBeGreaterThan(sentAt - 0.5);
        expect(serverNow).toBeLessThan(receivedAt + 1.5);
        answers.push(serverNow);
      }
      for (let i = 1; i < answers.length; i += 1) {
        expect(answers[i]!).toBeGreaterThan(answers[i - 1]!);
      }
      expect(answers.filter((answer) => !Number.isInteger(answer)).length).toBeGreaterThan(40);
    } finally {
      socket.close();
    }
  });

  test('two server processes on one machine tell the same instant alike', async () => {
    const instant = process.hrtime.bigint();
    const [a, b] = await Promise.all([
      clockOfAnotherProcess(instant),
      clockOfAnotherProcess(instant),
    ]);
    // Each calibration is within its own uncertainty of the truth; beside it, float rounding
    // and what NTP's slewing (at most 0.5 ms a second) moves the clocks between the two.
    const tolerance = a.uncertaintyMs + b.uncertaintyMs + 0.1;
    expect(Math.abs(a.epochMs - b.epochMs)).toBeLessThanOrEqual(tolerance);
    expect(tolerance).toBeLessThan(0.5);
  });
});

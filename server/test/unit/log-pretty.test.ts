import { describe, expect, it } from 'vitest';
import { prettyLine } from '../../src/log-pretty';

describe('the log in a terminal', () => {
  const time = Date.UTC(2026, 0, 2, 13, 4, 5);

  it('reads a request as METHOD url status time on one line', () => {
    const line = JSON.stringify({
      level: 30,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'req-1',
      msg: 'request',
      req: { method: 'POST', url: '/api/query' },
      res: { statusCode: 560 },
      responseTime: 12.4,
    });
    expect(prettyLine(line)).toBe('13:04:05 INFO  POST /api/query 560 12ms');
  });

  it('keeps other fields as JSON and puts an error stack below', () => {
    const line = JSON.stringify({
      level: 50,
      time,
      msg: 'request failed',
      path: 'rooms.get',
      err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x' },
    });
    expect(prettyLine(line)).toBe(
      '13:04:05 ERROR request failed {"path":"rooms.get"}\nError: boom\n    at x',
    );
  });

  it('passes through a line that is not JSON', () => {
    expect(prettyLine('plain words\n')).toBe('plain words');
  });
});

import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../helpers/mail';

let smtp: SmtpCapture | undefined;
afterEach(() => smtp?.close());

/** An SMTP client on a raw socket, which reads the server's answers as they come. */
async function openSession(url: string) {
  const socket = net.connect(Number(new URL(url).port), '127.0.0.1');
  let received = '';
  const waiters = new Set<() => void>();
  socket.on('data', (chunk) => {
    received += String(chunk);
    waiters.forEach((check) => check());
  });
  /** Resolves once the server has answered `code` since the last call. */
  const answer = (code: string) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!received.includes(`${code} `)) return;
        received = '';
        waiters.delete(check);
        resolve();
      };
      waiters.add(check);
      check();
    });
  return { socket, answer };
}

// The mail catcher the tests send to, itself: like a mail server, it outlives a bad sender.
describe('the SMTP capture', () => {
  it('keeps a sender hanging up in the middle of a message as a connection error', async () => {
    smtp = await startSmtpCapture();
    const { socket, answer } = await openSession(smtp.url);
    await answer('220');
    socket.write('EHLO sender.example\r\n');
    await answer('250');
    socket.write('MAIL FROM:<app@example.com>\r\n');
    await answer('250');
    // Commands the server will answer, then a reset: its answers meet a closed connection.
    for (let i = 0; i < 50; i++) socket.write('RCPT TO:<ada@example.com>\r\n');
    socket.resetAndDestroy();

    await expect.poll(() => smtp?.connectionErrors.length).toBeGreaterThan(0);
    for (const error of smtp.connectionErrors) {
      expect(['ECONNRESET', 'EPIPE']).toContain((error as NodeJS.ErrnoException).code);
    }
    expect(smtp.messages).toEqual([]);
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** A real SMTP server on loopback that keeps every message it receives, parsed. */
export type SmtpCapture = {
  url: string;
  messages: ParsedMail[];
  /** Resolves with the next message after the ones already received. */
  next: () => Promise<ParsedMail>;
  /**
   * Connection errors, kept as a mail server logs them and goes on: a sender that hangs up in
   * the middle of a message (an app stopping at the end of a file) must not crash the tests.
   */
  connectionErrors: Error[];
  /** Refuses every recipient from now on, as a mail server that is down for us would. */
  refuseRecipients: () => void;
  close: () => Promise<void>;
};

/** How long closing waits for a connection still under way before it cuts it. */
const CLOSE_TIMEOUT_MS = 1_000;

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  const connectionErrors: Error[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    // A message still under way when the tests close the server is not waited for (30 s).
    closeTimeout: CLOSE_TIMEOUT_MS,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo: (_address, _session, callback) =>
      callback(
        refusing ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : null,
      ),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (mail) => {
          messages.push(mail);
          waiters.splice(0).forEach((wake) => wake());
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // Without a listener, an error on one connection would be thrown as the process's own.
  server.on('error', (error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    connectionErrors,
    next: () => {
      const count = messages.length + 1;
      return new Promise((resolve) => {
        const check = () =>
          messages.length >= count
            ? resolve(messages[count - 1] as ParsedMail)
            : waiters.push(check);
        check();
      });
    },
    refuseRecipients: () => void (refusing = true),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP address where nothing listens: a port that was free a moment ago. */
export async function unreachableSmtpUrl(): Promise<string> {
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  return `smtp://127.0.0.1:${port}`;
}

/** The .eml files in an outbox folder, oldest first, parsed. */
export async function readOutbox(folder: string): Promise<ParsedMail[]> {
  const files = (await fs.readdir(folder).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.eml'),
  );
  files.sort();
  return Promise.all(
    files.map(async (file) => simpleParser(await fs.readFile(path.join(folder, file)))),
  );
}

/** The reset link in a mail's text, and its token. */
export function resetLinkIn(mail: ParsedMail): { link: string; token: string } {
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return { link, token: new URL(link).searchParams.get('token') ?? '' };
}

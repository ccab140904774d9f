import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { writeOutboxMessage } from '../../storage/outbox';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail carries; logged when the mail goes to the outbox folder instead of SMTP. */
  link?: string;
};

/** Sends mail; a failure to hand a message over rejects with MailDeliveryError. */
export type Mailer = { send: (message: MailMessage) => Promise<void> };

export class MailDeliveryError extends Error {
  constructor(cause: unknown) {
    super(`Mail delivery failed: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'MailDeliveryError';
    this.cause = cause;
  }
}

/** How long an SMTP server may keep a request waiting before the send counts as failed. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Mail through SMTP_URL; without one, each message is written as an .eml file under
 * DATA_DIR/outbox and logged with its link, so a self-hosted site works with no mail server.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  return config.smtpUrl
    ? smtpMailer(config.smtpUrl, config.mailFrom, log)
    : outboxMailer(path.join(config.dataDir, 'outbox'), config.mailFrom, log);
}

function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return {
    send: async ({ link: _link, ...message }) => {
      await transport.sendMail({ from, ...message }).catch((error: unknown) => {
        // Logged here, so a mail whose sender goes on without it (a verification mail after a
        // profile change) is still seen to have failed.
        const failure = new MailDeliveryError(error);
        log.warn({ err: failure, subject: message.subject }, 'mail not delivered');
        throw failure;
      });
    },
  };
}

function outboxMailer(folder: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    send: async ({ link, ...message }) => {
      try {
        const info = await transport.sendMail({ from, ...message });
        const file = await writeOutboxMessage(folder, info.message as Buffer);
        log.info(
          { to: message.to, subject: message.subject, file, link },
          'mail written to the outbox',
        );
      } catch (error) {
        throw new MailDeliveryError(error);
      }
    },
  };
}

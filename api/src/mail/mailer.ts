// Outgoing mail through nodemailer. Transport 'outbox' (default): the message is built by nodemailer, stored in the
// mail_outbox table (inside the caller's transaction, so a rolled-back call leaves no mail) and logged.
// Transport 'smtp' when SMTP_URL is set.
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database, Executor } from '../db';
import { mailOutbox } from '../db/schema';
import { smtpOptions, tlsTurnedOff } from './smtp-options';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  readonly transport: 'outbox' | 'smtp';
  /**
   * Sends one message. With the outbox, `executor` (a transaction) stores it atomically with the caller's writes.
   * With SMTP the message leaves at once; a failure throws, and the caller's transaction rolls back.
   */
  send(message: MailMessage, executor?: Executor): Promise<void>;
  close(): void;
}

export class MailDeliveryError extends Error {}

export function createMailer(opts: { config: Config; db: Database; clock: Clock; logger: FastifyBaseLogger }): Mailer {
  const { config, db, clock, logger } = opts;
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(smtpOptions(config.smtpUrl));
    if (tlsTurnedOff(config.smtpUrl)) logger.warn('SMTP_URL turns TLS off explicitly: the SMTP login and mail travel in clear text');
    return {
      transport: 'smtp',
      async send(message) {
        try {
          await transporter.sendMail({ from: config.mailFrom, ...message });
        } catch (err) {
          logger.error({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
          throw new MailDeliveryError((err as Error).message);
        }
        logger.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
      close: () => transporter.close(),
    };
  }
  const transporter = nodemailer.createTransport({ jsonTransport: true });
  return {
    transport: 'outbox',
    async send(message, executor = db.orm) {
      // Built by nodemailer like a real message (address parsing, encoding), then kept instead of sent.
      const info = await transporter.sendMail({ from: config.mailFrom, ...message });
      const built = JSON.parse(String(info.message)) as { subject?: string; text?: string; html?: string };
      await executor.insert(mailOutbox).values({
        toAddress: message.to,
        subject: built.subject ?? message.subject,
        text: built.text ?? message.text,
        html: built.html ?? message.html,
        createdAt: clock.now(),
      });
      logger.info({ to: message.to, subject: message.subject }, 'mail stored in outbox (see /dev/mailbox)');
    },
    close: () => transporter.close(),
  };
}

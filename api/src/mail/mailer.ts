// Outgoing mail through nodemailer. Transport 'outbox' (default): the message is built by nodemailer, stored in the
// mail_outbox table (inside the caller's transaction, so a rolled-back call leaves no mail) and logged.
// Transport 'smtp' when SMTP_URL is set: queued in the caller's transaction, sent by the send-mail queue after commit.
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
   * Sends one message. Outbox: stored with the caller's writes (`executor`, a transaction). SMTP: recorded as 'queued'
   * and a send-mail job enqueued in that same transaction; a worker sends it after commit, with retries and backoff,
   * so a mail server that is down never holds a transaction open or blocks a payment. Without an executor the mail
   * gets a transaction of its own.
   */
  send(message: MailMessage, executor?: Executor): Promise<void>;
  /** SMTP only: the network send itself (the send-mail queue's worker calls it after commit). */
  deliver?(message: MailMessage): Promise<void>;
  close(): void;
}

export class MailDeliveryError extends Error {}

/** Puts a job on the send-mail queue inside the given transaction (the job system's `enqueue`). */
export type MailQueue = (tx: Executor, data: { id: number }) => Promise<void>;

export function createMailer(opts: {
  config: Config;
  db: Database;
  clock: Clock;
  logger: FastifyBaseLogger;
  queue?: MailQueue;
}): Mailer {
  const { config, db, clock, logger } = opts;
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(smtpOptions(config.smtpUrl));
    if (tlsTurnedOff(config.smtpUrl)) logger.warn('SMTP_URL turns TLS off explicitly: the SMTP login and mail travel in clear text');
    const queue = opts.queue;
    const record = async (tx: Executor, message: MailMessage) => {
      const [row] = await tx
        .insert(mailOutbox)
        .values({ toAddress: message.to, subject: message.subject, text: message.text, html: message.html, createdAt: clock.now(), status: 'queued' })
        .returning({ id: mailOutbox.id });
      if (!queue) throw new MailDeliveryError('SMTP mail needs the job system (JOBS=on) to send it.');
      await queue(tx, { id: row!.id });
    };
    return {
      transport: 'smtp',
      async send(message, executor) {
        if (executor) await record(executor, message);
        else await db.orm.transaction((tx) => record(tx as unknown as Executor, message));
        logger.info({ to: message.to, subject: message.subject }, 'mail queued');
      },
      async deliver(message) {
        try {
          await transporter.sendMail({ from: config.mailFrom, ...message });
        } catch (err) {
          logger.warn({ err, to: message.to, subject: message.subject }, 'mail delivery failed');
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

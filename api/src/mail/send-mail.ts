// Queue 'send-mail': sends one queued mail (mail_outbox row, status 'queued') over SMTP after the transaction that
// queued it committed. A failure is retried with backoff (the queue's options); the last failure marks it 'failed'
// with the error, so no mail is silently lost. A row already sent is not sent again (at-least-once delivery).
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../db/schema';
import type { JobMeta, QueueDefinition } from '../jobs/system';

export async function sendQueuedMail(app: FastifyInstance, data: Record<string, unknown>, meta: JobMeta): Promise<void> {
  const id = Number(data.id);
  const [row] = await app.db.orm.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!row || row.status !== 'queued') return;
  if (!app.mail.deliver) throw new Error('the mailer cannot deliver (no SMTP transport)');
  try {
    await app.mail.deliver({ to: row.toAddress, subject: row.subject, text: row.text, html: row.html });
  } catch (err) {
    const last = meta.retryCount >= meta.retryLimit;
    await app.db.orm
      .update(mailOutbox)
      .set({
        attempts: sql`${mailOutbox.attempts} + 1`,
        lastError: (err as Error).message.slice(0, 500),
        ...(last ? { status: 'failed' as const } : {}),
      })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'queued')));
    if (last) {
      app.log.error({ mail: id, to: row.toAddress }, 'mail failed for good: recorded as failed');
      return;
    }
    throw err;
  }
  await app.db.orm
    .update(mailOutbox)
    .set({ status: 'sent', sentAt: app.clock.now(), attempts: sql`${mailOutbox.attempts} + 1` })
    .where(eq(mailOutbox.id, id));
}

export const sendMailQueue = (retryLimit: number, retryDelaySeconds: number): QueueDefinition => ({
  name: 'send-mail',
  options: { retryLimit, retryDelay: retryDelaySeconds, retryBackoff: true, retryDelayMax: 3600 },
  work: sendQueuedMail,
});

// Mail over SMTP goes through the send-mail queue (pg-boss): queued in the caller's transaction, sent after commit,
// retried with backoff while the server is down, recorded as failed when it stays down, never sent twice.
// The SMTP server is a small fake on loopback that can be switched down.
import net from 'node:net';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import type { Executor } from '../db';
import { mailOutbox } from '../db/schema';

let up = true;
const received: string[] = [];
const server = net.createServer((socket) => {
  if (!up) {
    socket.end('421 fake.test Service not available\r\n');
    return;
  }
  let data = false;
  let body = '';
  socket.write('220 fake.test ESMTP\r\n');
  socket.on('data', (chunk) => {
    const text = chunk.toString('latin1');
    if (data) {
      body += text;
      if (body.includes('\r\n.\r\n')) {
        data = false;
        received.push(body);
        body = '';
        socket.write('250 OK queued\r\n');
      }
      return;
    }
    for (const line of text.split('\r\n').filter(Boolean)) {
      const cmd = line.slice(0, 4).toUpperCase();
      if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 fake.test\r\n');
      else if (cmd === 'DATA') {
        data = true;
        socket.write('354 go ahead\r\n');
      } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
      else socket.write('250 OK\r\n');
    }
  });
});

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  t = await startTestApp({
    JOBS: 'true',
    // The fake server offers no STARTTLS: TLS is turned off explicitly, as the README says.
    SMTP_URL: `smtp://127.0.0.1:${port}?requireTLS=false`,
    MAIL_RETRY_LIMIT: '1',
    MAIL_RETRY_DELAY_SECONDS: '1',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.close();
});

const run = async () => (await t.inject({ method: 'POST', url: '/dev/jobs/run' })).json().ran as Record<string, number>;
const row = async (to: string) => (await t.db.orm.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to)))[0]!;
const message = (to: string) => ({ to, subject: `Hello ${to}`, text: 'Plain text', html: '<p>Plain text</p>' });

test('a mail rolled back with its transaction is never queued; a committed one is sent once, after commit', async () => {
  up = true;
  await expect(
    t.db.orm.transaction(async (tx) => {
      await t.app.mail.send(message('rolled-back@example.com'), tx as unknown as Executor);
      throw new Error('the caller failed');
    }),
  ).rejects.toThrow('the caller failed');
  await t.db.orm.transaction((tx) => t.app.mail.send(message('first@example.com'), tx as unknown as Executor));
  expect((await row('first@example.com')).status).toBe('queued');
  const ran = await run();
  expect(ran['send-mail']).toBe(1);
  expect(await row('first@example.com')).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  expect(received.filter((m) => m.includes('Subject: Hello first@example.com'))).toHaveLength(1);
  expect(received.some((m) => m.includes('rolled-back@example.com'))).toBe(false);
  expect((await run())['send-mail']).toBe(0);
  expect(received.filter((m) => m.includes('Subject: Hello first@example.com'))).toHaveLength(1);
});

test('a server that is down delays the mail (retried with backoff), then records it as failed; nothing else waits', async () => {
  up = false;
  const started = Date.now();
  await t.app.mail.send(message('down@example.com'));
  expect(Date.now() - started).toBeLessThan(2000); // queued, not sent: the caller never waits for SMTP
  await run();
  expect(await row('down@example.com')).toMatchObject({ status: 'queued', attempts: 1 });
  expect((await row('down@example.com')).lastError).toMatch(/421|Service not available/);
  // The retry comes after its delay (1 s, doubling); the last allowed attempt fails for good and is recorded.
  for (let i = 0; i < 40 && (await row('down@example.com')).status === 'queued'; i++) {
    await new Promise((r) => setTimeout(r, 250));
    await run();
  }
  expect(await row('down@example.com')).toMatchObject({ status: 'failed', attempts: 2 });
  up = true;
  await run();
  expect(received.some((m) => m.includes('down@example.com'))).toBe(false);
}, 30_000);

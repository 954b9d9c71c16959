// SMTP_URL (issue 22.11): TLS required unless the URL says otherwise explicitly, and short waits. Checked against
// small SMTP servers on loopback: one that offers no STARTTLS (a stripped or missing one), one that accepts the
// connection and never speaks.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTP_TIMEOUTS, smtpOptions, tlsTurnedOff } from './smtp-options';

/** An SMTP server without STARTTLS that accepts AUTH PLAIN and any mail; records the commands it received. */
function plainServer() {
  const commands: string[] = [];
  const server = net.createServer((socket) => {
    socket.write('220 fake.test ESMTP\r\n');
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let i;
      while ((i = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        commands.push(line);
        const verb = line.split(' ')[0]!.toUpperCase();
        if (verb === 'EHLO') socket.write('250-fake.test\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'STARTTLS') socket.write('502 5.5.1 STARTTLS not implemented\r\n');
        else if (verb === 'AUTH') socket.write('235 accepted\r\n');
        else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return { server, commands };
}

const listen = async (server: net.Server) => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
};
const message = { from: 'HostHub <billing@hosthub.ng>', to: 'a@example.com', subject: 'Hi', text: 'Hello' };

describe('SMTP_URL and TLS', () => {
  const { server, commands } = plainServer();
  let port: number;
  beforeAll(async () => {
    port = await listen(server);
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('smtp:// requires STARTTLS: against a server without it nothing is sent, the login least of all', async () => {
    const transport = nodemailer.createTransport(smtpOptions(`smtp://user:secret@127.0.0.1:${port}`));
    await expect(transport.sendMail(message)).rejects.toThrow();
    transport.close();
    expect(commands).toContain('STARTTLS');
    expect(commands.some((c) => c.startsWith('AUTH'))).toBe(false);
    expect(commands.some((c) => c.startsWith('MAIL'))).toBe(false);
  });

  it('?requireTLS=false in the URL (explicit) sends in plain text', async () => {
    commands.length = 0;
    const url = `smtp://user:secret@127.0.0.1:${port}?requireTLS=false`;
    expect(tlsTurnedOff(url)).toBe(true);
    const transport = nodemailer.createTransport(smtpOptions(url));
    await transport.sendMail(message);
    transport.close();
    expect(commands.some((c) => c.startsWith('AUTH PLAIN'))).toBe(true);
    expect(commands.some((c) => c.startsWith('MAIL FROM:<billing@hosthub.ng>'))).toBe(true);
  });

  it('smtps:// is TLS from the first byte; the defaults are short waits', () => {
    expect(tlsTurnedOff('smtps://u:p@smtp.example.com:465')).toBe(false);
    expect(tlsTurnedOff('smtp://u:p@smtp.example.com:587')).toBe(false);
    const t = nodemailer.createTransport(smtpOptions('smtps://u:p@smtp.example.com:465')) as unknown as { options: Record<string, unknown> };
    expect(t.options).toMatchObject({ secure: true, requireTLS: true, ...SMTP_TIMEOUTS });
    const plain = nodemailer.createTransport(smtpOptions('smtp://u:p@smtp.example.com:587')) as unknown as { options: Record<string, unknown> };
    expect(plain.options).toMatchObject({ secure: false, requireTLS: true, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 });
  });
});

test('a server that accepts the connection and never speaks fails the send within the greeting timeout', async () => {
  const sockets: net.Socket[] = [];
  const silent = net.createServer((s) => sockets.push(s));
  const port = await listen(silent);
  const transport = nodemailer.createTransport(smtpOptions(`smtp://127.0.0.1:${port}`));
  const started = performance.now();
  await expect(transport.sendMail(message)).rejects.toThrow(/Greeting never received|timeout/i);
  const ms = performance.now() - started;
  transport.close();
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
  expect(ms).toBeGreaterThanOrEqual(SMTP_TIMEOUTS.greetingTimeout - 100);
  expect(ms).toBeLessThan(SMTP_TIMEOUTS.greetingTimeout + 3_000);
}, 20_000);

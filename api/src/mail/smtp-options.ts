// nodemailer options for SMTP_URL (issue 22.11): TLS is required unless the URL says otherwise explicitly, and every
// wait is short so a slow or silent server cannot hold a request (nodemailer waits up to 2 minutes to connect by
// default).
//   smtps://user:pass@smtp.example.com:465          TLS from the first byte
//   smtp://user:pass@smtp.example.com:587           STARTTLS required: no TLS offered (or stripped), no login sent
//   smtp://localhost:1025?requireTLS=false          plain text, only because the URL says so (a local catcher)
// Options in the URL's query are nodemailer's own and win over these defaults (nodemailer merges the URL last).
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 15_000 } as const;

export function smtpOptions(smtpUrl: string): SMTPTransport.Options & { url: string } {
  return { url: smtpUrl, requireTLS: true, ...SMTP_TIMEOUTS };
}

/** True when the URL turns TLS off explicitly (then the start logs a warning). */
export function tlsTurnedOff(smtpUrl: string): boolean {
  const url = new URL(smtpUrl);
  return url.protocol === 'smtp:' && (url.searchParams.get('requireTLS') === 'false' || url.searchParams.get('ignoreTLS') === 'true');
}

// The mails the API sends. Each has a plain-text part (codes and links appear there, as CONTRACT.md requires) and an
// HTML part, and names the product.
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Person {
  email: string;
  username: string;
  firstName?: string;
}

const greeting = (p: Person) => `Hello ${p.firstName?.trim() || p.username},`;

function layout(product: string, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<tr><td>
<p style="font-size:20px;font-weight:bold;color:#1d4ed8;margin:0 0 16px">${escapeHtml(product)}</p>
${bodyHtml}
<p style="font-size:12px;color:#6b7280;margin-top:24px">You receive this mail because of an action on your ${escapeHtml(product)} account.
If it was not you, you can ignore it.</p>
</td></tr></table></body></html>`;
}

const codeBlock = (code: string) =>
  `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;background:#eef2ff;padding:12px 16px;display:inline-block;border-radius:6px">${escapeHtml(code)}</p>`;

export function activationMail(product: string, to: Person, code: string, storefrontUrl: string): MailMessage {
  const subject = `Your ${product} activation code`;
  const link = `${storefrontUrl}/auth/activate-account`;
  return {
    to: to.email,
    subject,
    text: [
      greeting(to),
      '',
      `Welcome to ${product}. Your activation code is: ${code}`,
      '',
      `Enter it on the activation page: ${link}`,
      'The code is valid for 24 hours.',
      '',
      `The ${product} team`,
    ].join('\n'),
    html: layout(
      product,
      subject,
      `<p>${escapeHtml(greeting(to))}</p><p>Welcome to ${escapeHtml(product)}. Your activation code is:</p>${codeBlock(code)}
<p>Enter it on the <a href="${escapeHtml(link)}">activation page</a>. The code is valid for 24 hours.</p>`,
    ),
  };
}

export function loginCodeMail(product: string, to: Person, code: string): MailMessage {
  const subject = `Your ${product} login code`;
  return {
    to: to.email,
    subject,
    text: [
      greeting(to),
      '',
      `Your ${product} login code is: ${code}`,
      '',
      'It is valid for 10 minutes, in the browser where you started this login.',
      'If you did not try to log in, change your password.',
      '',
      `The ${product} team`,
    ].join('\n'),
    html: layout(
      product,
      subject,
      `<p>${escapeHtml(greeting(to))}</p><p>Your ${escapeHtml(product)} login code is:</p>${codeBlock(code)}
<p>It is valid for 10 minutes, in the browser where you started this login. If you did not try to log in, change your password.</p>`,
    ),
  };
}

export function passwordResetMail(product: string, to: Person, link: string): MailMessage {
  const subject = `Reset your ${product} password`;
  return {
    to: to.email,
    subject,
    text: [
      greeting(to),
      '',
      `Someone asked to reset the password of your ${product} account (${to.username}).`,
      `Open this link to choose a new password: ${link}`,
      '',
      'The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.',
      '',
      `The ${product} team`,
    ].join('\n'),
    html: layout(
      product,
      subject,
      `<p>${escapeHtml(greeting(to))}</p><p>Someone asked to reset the password of your ${escapeHtml(product)} account (${escapeHtml(to.username)}).</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="word-break:break-all;font-size:13px">${escapeHtml(link)}</p>
<p>The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
    ),
  };
}

/** Sent at every reveal of a domain's transfer (EPP) code: the code itself is never in the mail. */
export function transferCodeRequestedMail(
  product: string,
  to: Person,
  details: { domain: string; when: Date; ip: string; pageUrl: string },
): MailMessage {
  const subject = `The transfer code of ${details.domain} was requested`;
  const when = `${details.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to: to.email,
    subject,
    text: [
      greeting(to),
      '',
      `Someone requested the transfer code (EPP code) of ${details.domain} on your ${product} account (${to.username}),`,
      `at ${when}, from the address ${details.ip}. The code was shown after your account password was entered.`,
      '',
      'If this was you, there is nothing to do. If it was not, change your password now and turn the registrar',
      `lock back on for ${details.domain}: ${details.pageUrl}`,
      '',
      `The ${product} team`,
    ].join('\n'),
    html: layout(
      product,
      subject,
      `<p>${escapeHtml(greeting(to))}</p>
<p>Someone requested the transfer code (EPP code) of <strong>${escapeHtml(details.domain)}</strong> on your ${escapeHtml(product)} account (${escapeHtml(to.username)}),
at ${escapeHtml(when)}, from the address ${escapeHtml(details.ip)}. The code was shown after your account password was entered.</p>
<p>If this was you, there is nothing to do. If it was not, change your password now and turn the registrar lock back on:</p>
<p><a href="${escapeHtml(details.pageUrl)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">Open ${escapeHtml(details.domain)}</a></p>`,
    ),
  };
}

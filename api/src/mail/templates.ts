// The mails the API sends. Each has a plain-text part (codes and links appear there, as CONTRACT.md requires) and an
// HTML part, and names the product.
import type { MailMessage } from './mailer';

/** Text for HTML (mails' HTML parts). */
export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

interface Person {
  email: string;
  username: string;
  firstName?: string;
  /**
   * The address is not yet proven to be the person's (activation, a new e-mail address): the mail carries no text they
   * chose, so a sign-up cannot make a genuine mail of ours say their words to a stranger ('Hello Your account is
   * suspended, verify your card at …').
   */
  unverified?: boolean;
}

const greeting = (p: Person) => (p.unverified ? 'Hello,' : `Hello ${p.firstName?.trim() || p.username},`);

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

/** A call-to-action link drawn as a button. */
const button = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** A mail greeting `to`, then `lines` (text) or `bodyHtml` (HTML), signed by the team. */
function greetedMail(product: string, to: Person, subject: string, lines: string[], bodyHtml: string): MailMessage {
  return {
    to: to.email,
    subject,
    text: [greeting(to), '', ...lines, '', `The ${product} team`].join('\n'),
    html: layout(product, subject, `<p>${escapeHtml(greeting(to))}</p>\n${bodyHtml}`),
  };
}

const codeBlock = (code: string) =>
  `<p style="font-size:28px;letter-spacing:6px;font-weight:bold;background:#eef2ff;padding:12px 16px;display:inline-block;border-radius:6px">${escapeHtml(code)}</p>`;

export function activationMail(product: string, person: Person, code: string, storefrontUrl: string): MailMessage {
  const subject = `Your ${product} activation code`;
  const link = `${storefrontUrl}/auth/activate-account`;
  const to = { ...person, unverified: true };
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
${button(link, 'Choose a new password')}
<p style="word-break:break-all;font-size:13px">${escapeHtml(link)}</p>
<p>The link works once, for 1 hour. If you did not ask for it, ignore this mail: your password stays as it is.</p>`,
    ),
  };
}

// Account security (issue 17): notices and the e-mail change link. Plain paragraphs, each line once in text and HTML.
function securityMail(product: string, to: Person, subject: string, paragraphs: string[], link?: { label: string; url: string }): MailMessage {
  const text = [greeting(to), '', ...paragraphs.flatMap((p) => [p, '']), ...(link ? [`${link.label}: ${link.url}`, ''] : []), `The ${product} team`];
  const html = [
    `<p>${escapeHtml(greeting(to))}</p>`,
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '',
  ].join('\n');
  return { to: to.email, subject, text: text.join('\n'), html: layout(product, subject, html) };
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * After a new password: `changed` on the security page (the old password given, the session that did it kept) or
 * `reset` by the link mailed to the account's address (every session ended).
 */
export function passwordChangedMail(product: string, to: Person, when: Date, how: 'changed' | 'reset' = 'changed'): MailMessage {
  return securityMail(
    product,
    to,
    `Your ${product} password was changed`,
    how === 'changed'
      ? [
          `The password of your ${product} account was changed on ${stamp(when)}. Every other signed-in session was signed out.`,
          'If you did not do this, reset your password at once and contact support.',
        ]
      : [
          `The password of your ${product} account was reset on ${stamp(when)} with the link mailed to this address. Every signed-in session was signed out.`,
          'If you did not do this, someone can read your mail: secure your email account, then reset your password again and contact support.',
        ],
  );
}

export function emailChangeConfirmMail(product: string, to: Person, newEmail: string, link: string): MailMessage {
  return securityMail(
    product,
    { ...to, email: newEmail, unverified: true },
    `Confirm your new ${product} email address`,
    [
      `You asked to use ${newEmail} for your ${product} account. Open the link below to confirm it.`,
      'The link is valid for 24 hours and works once. Until you open it, your account keeps its current address.',
    ],
    { label: 'Confirm your email address', url: link },
  );
}

export function emailChangeNoticeMail(product: string, to: Person, newEmail: string): MailMessage {
  return securityMail(product, to, `A change of your ${product} email address was requested`, [
    `Someone signed in to your ${product} account asked to change its email address to ${newEmail}.`,
    'The address changes only when the link sent to the new address is opened. If this was not you, change your password and sign out every other session.',
  ]);
}

export function emailChangedMail(product: string, to: Person, newEmail: string): MailMessage {
  return securityMail(product, to, `Your ${product} email address was changed`, [
    `Your ${product} account now uses ${newEmail}. Mail about the account goes there from now on.`,
  ]);
}

export function newDeviceMail(
  product: string,
  to: Person,
  info: { device: string; ip: string; when: Date; settingsUrl: string },
): MailMessage {
  return securityMail(
    product,
    to,
    `New sign-in to your ${product} account`,
    [
      `Your ${product} account was signed in to from a device it has not used before.`,
      `Device: ${info.device}. IP address: ${info.ip || 'unknown'}. Time: ${stamp(info.when)}.`,
      'If this was you, there is nothing to do. If not, change your password and sign that session out.',
    ],
    { label: 'Review your sessions', url: info.settingsUrl },
  );
}

export function twoFactorChangedMail(product: string, to: Person, change: string, when: Date): MailMessage {
  return securityMail(product, to, `Two-factor sign-in changed on your ${product} account`, [
    `${change} (${stamp(when)}).`,
    'If you did not do this, change your password and review your sessions at once.',
  ]);
}

export function accountDeletedMail(product: string, to: Person): MailMessage {
  return securityMail(product, to, `Your ${product} account was deleted`, [
    `Your ${product} account ${to.username} was deleted as you asked. Every session was signed out and your personal data was erased.`,
    'Invoices and payment records are kept, without your name and address, for as long as tax law requires.',
  ]);
}

/** Sent at every reveal of a domain's transfer (EPP) code: the code itself is never in the mail. */
export function transferCodeRequestedMail(
  product: string,
  to: Person,
  details: { domain: string; when: Date; ip: string; pageUrl: string },
): MailMessage {
  const subject = `The transfer code of ${details.domain} was requested`;
  const when = `${details.when.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return greetedMail(
    product,
    to,
    subject,
    [
      `Notice: someone requested the transfer code (EPP code) of ${details.domain} on your ${product} account (${to.username}),`,
      `at ${when}, from the address ${details.ip}. The code was shown after your account password was entered.`,
      '',
      'If this was you, there is nothing to do. If it was not, change your password now and turn the registrar',
      `lock back on for ${details.domain}: ${details.pageUrl}`,
    ],
    `<p>Notice: someone requested the transfer code (EPP code) of <strong>${escapeHtml(details.domain)}</strong> on your ${escapeHtml(product)} account (${escapeHtml(to.username)}),
at ${escapeHtml(when)}, from the address ${escapeHtml(details.ip)}. The code was shown after your account password was entered.</p>
<p>If this was you, there is nothing to do. If it was not, change your password now and turn the registrar lock back on:</p>
${button(details.pageUrl, `Open ${details.domain}`)}`,
  );
}

/** Support staff answered one of the customer's tickets: the answer, and where to reply. */
export function ticketAnsweredMail(
  product: string,
  to: Person,
  details: { ticketId: number; title: string; message: string; pageUrl: string },
): MailMessage {
  const subject = `Ticket #${details.ticketId} answered: ${details.title.replace(/\s+/g, ' ').slice(0, 120)}`;
  const answer = details.message.length > 4000 ? `${details.message.slice(0, 4000)}…` : details.message;
  return greetedMail(
    product,
    to,
    subject,
    [
      `Our support team answered your ticket #${details.ticketId}, "${details.title}":`,
      '',
      answer,
      '',
      `Read the whole conversation or reply on your tickets page: ${details.pageUrl}`,
    ],
    `<p>Our support team answered your ticket #${details.ticketId}, &ldquo;${escapeHtml(details.title)}&rdquo;:</p>
<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #1d4ed8;background:#f4f6fb;white-space:pre-wrap">${escapeHtml(answer)}</blockquote>
${button(details.pageUrl, 'Open your tickets')}`,
  );
}

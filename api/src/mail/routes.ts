// Development mailbox: GET /dev/outbox (JSON, newest first, ?to= filter) and /dev/mailbox (the same as a page).
// Not registered in production, so both answer 404 there.
import { desc, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { mailOutbox } from '../db/schema';
import { escapeHtml } from './templates';

const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<&]+/g, (u) => `<a href="${u}">${u}</a>`);

interface Query {
  to?: string;
  limit?: string;
}

export const devMailRoutes: FastifyPluginAsync = async (app) => {
  const list = async (q: Query) => {
    const limit = Math.min(Math.max(Number.parseInt(q.limit ?? '', 10) || 100, 1), 500);
    const to = typeof q.to === 'string' ? q.to.trim().toLowerCase() : '';
    const rows = await app.db.orm
      .select()
      .from(mailOutbox)
      .where(to ? sql`lower(${mailOutbox.toAddress}) = ${to}` : undefined)
      .orderBy(desc(mailOutbox.id))
      .limit(limit);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.text,
      html: r.html,
      created_at: r.createdAt.toISOString(),
    }));
  };

  app.get<{ Querystring: Query }>(
    '/dev/outbox',
    {
      schema: {
        tags: ['development'],
        summary: 'Mails stored by the outbox transport, newest first (not in production)',
        querystring: {
          type: 'object',
          properties: { to: { type: 'string', description: 'only mails to this address' }, limit: { type: 'string' } },
        },
      },
      config: { rateLimit: false },
    },
    async (request) => list(request.query),
  );

  app.get<{ Querystring: Query }>(
    '/dev/mailbox',
    {
      schema: {
        tags: ['development'],
        summary: 'The outbox as a page (not in production)',
        querystring: { type: 'object', properties: { to: { type: 'string', description: 'only mails to this address' } } },
      },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      const mails = await list(request.query);
      const product = app.config.productName;
      const items = mails
        .map(
          (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${escapeHtml(m.created_at)} · #${m.id}</p>
<pre>${linkify(escapeHtml(m.text))}</pre>
<details><summary>HTML part</summary><iframe sandbox title="HTML part of mail ${m.id}" srcdoc="${escapeHtml(m.html)}"></iframe></details>
</article>`,
        )
        .join('\n');
      const filter = request.query.to ? ` to ${escapeHtml(request.query.to)}` : '';
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(product)} dev mailbox</title>
<style>
body{font-family:system-ui,Arial,sans-serif;margin:0;padding:24px;background:#f4f6fb;color:#111827}
main{max-width:820px;margin:0 auto}
article{background:#fff;border-radius:8px;padding:16px 20px;margin:16px 0;box-shadow:0 1px 2px #0001}
h1{font-size:22px}h2{font-size:17px;margin:0 0 4px}.meta{color:#4b5563;font-size:13px;margin:0 0 8px}
pre{white-space:pre-wrap;background:#f9fafb;padding:12px;border-radius:6px;font-size:14px}
iframe{width:100%;height:420px;border:1px solid #e5e7eb;border-radius:6px;background:#fff}
form{display:flex;gap:8px}input{flex:1;padding:6px}
</style></head>
<body><main>
<h1>${escapeHtml(product)} development mailbox</h1>
<p>Mails kept by the <code>outbox</code> transport, newest first${filter}. JSON: <a href="/dev/outbox">/dev/outbox</a>.</p>
<form method="get" action="/dev/mailbox"><label for="to">Recipient</label><input id="to" name="to" type="email" value="${escapeHtml(request.query.to ?? '')}"><button type="submit">Filter</button></form>
${items || '<p>No mail yet.</p>'}
</main></body></html>`;
    },
  );
};

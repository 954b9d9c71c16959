// The sandbox gateway's pages (CONTRACT.md): GET /sandbox/pay/{reference} shows the amount with 'Approve payment' and
// 'Decline payment'. Either button makes the sandbox deliver a signed event to POST /payment/webhook/sandbox/ — the
// same path and checks as a real gateway — then sends the browser back to the storefront.
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { rowsOf } from '../db';
import { invoices, payments } from '../db/schema-commerce';
import { formatMoney } from '../money/money';
import { PAYMENT_EXPIRY_MS } from './reconcile';
import { isExpired } from './settle';
import { PAYSTACK_REFERENCE } from './signature';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(reply: FastifyReply, storefront: string, status: number, title: string, body: string) {
  // The buttons post here and the answer redirects to the storefront: form-action must allow both.
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${new URL(storefront).origin}; frame-ancestors 'none'`,
    );
  return reply.send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>
  body{font-family:system-ui,sans-serif;background:#f4f6fb;margin:0;display:grid;place-items:center;min-height:100vh;color:#1c2233}
  main{box-sizing:border-box;background:#fff;border-radius:12px;box-shadow:0 4px 24px #0001;padding:clamp(16px,6vw,32px);max-width:420px;width:calc(100% - 24px);overflow-wrap:anywhere}
  h1{font-size:1.25rem;margin:0 0 4px} .amount{font-size:2rem;font-weight:700;margin:16px 0}
  .muted{color:#5b6275;font-size:.9rem} .row{display:flex;gap:12px;margin-top:24px} form{flex:1}
  button{width:100%;padding:12px;border-radius:8px;border:0;font-size:1rem;cursor:pointer}
  .approve{background:#1a7f37;color:#fff} .decline{background:#e5e7ef;color:#1c2233}
  .badge{display:inline-block;background:#fff4d6;color:#7a5200;border-radius:6px;padding:2px 8px;font-size:.8rem}
</style></head><body><main>${body}</main></body></html>`);
}

export async function sandboxRoutes(app: FastifyInstance) {
  const { commerce } = app;
  const db = app.db.orm;
  const storefront = app.config.storefrontUrl;
  // HTML forms post application/x-www-form-urlencoded; the buttons carry no fields we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  const find = async (reference: string) => {
    if (!PAYSTACK_REFERENCE.test(reference)) return undefined;
    const [p] = await db.select().from(payments).where(eq(payments.reference, reference));
    return p && p.provider === 'sandbox' ? p : undefined;
  };
  // Like a real gateway's return, the address carries the reference: the storefront asks the API what became of it.
  const backTo = (purpose: string, reference: string) =>
    `${storefront}${purpose === 'deposit' ? '/dashboard' : '/dashboard/invoices'}?reference=${encodeURIComponent(reference)}`;

  /** How a payment that is not pending ended: approved, declined, or expired unconfirmed (payments/reconcile.ts). */
  const endedAs = (p: { status: string; failureReason: string | null }) =>
    p.status === 'success'
      ? 'was already approved'
      : isExpired(p.failureReason)
        ? `expired: it was not confirmed within ${PAYMENT_EXPIRY_MS / 3_600_000} hours of being started. Start a new payment from the store`
        : 'was already declined';

  app.get('/sandbox/pay/:reference', { schema: { hide: true } }, async (request, reply) => {
    const p = await find((request.params as { reference: string }).reference);
    if (!p)
      return page(
        reply,
        storefront,
        404,
        'Unknown payment',
        '<h1>Unknown payment</h1><p class="muted">There is no sandbox payment with this reference.</p>',
      );
    let what = 'Wallet deposit';
    if (p.invoiceId) {
      const [inv] = await db.select().from(invoices).where(eq(invoices.id, p.invoiceId));
      what = `Invoice ${inv?.invoicenum ?? ''}`;
    }
    const ref = esc(p.reference);
    const decided =
      p.status === 'pending'
        ? `<div class="row">
  <form method="post" action="/sandbox/pay/${ref}/approve"><button class="approve" type="submit">Approve payment</button></form>
  <form method="post" action="/sandbox/pay/${ref}/decline"><button class="decline" type="submit">Decline payment</button></form>
</div>`
        : `<p><strong>This payment ${endedAs(p)}.</strong></p><p><a href="${esc(backTo(p.purpose, p.reference))}">Back to the store</a></p>`;
    return page(
      reply,
      storefront,
      200,
      'Sandbox payment',
      `<span class="badge">Sandbox: no real money moves</span>
<h1>${esc(what)}</h1><p class="muted">Reference ${ref}</p>
<div class="amount">${esc(formatMoney(p.amountMinor, p.currency))}</div>
<p class="muted">Currency: ${esc(p.currency)}</p>
${decided}`,
    );
  });

  // Approve and decline act only on a pending sandbox payment; anything else is refused on a page that says why
  // (nothing is credited, nothing is sent).
  const decide =
    (outcome: 'success' | 'failed') => async (request: { params: unknown }, reply: FastifyReply) => {
      const p = await find((request.params as { reference: string }).reference);
      if (!p)
        return page(
          reply,
          storefront,
          404,
          'Unknown payment',
          '<h1>Unknown payment</h1><p class="muted">There is no pending sandbox payment with this reference: nothing was approved or declined.</p>',
        );
      const notPending = (ended: string) =>
        page(
          reply,
          storefront,
          409,
          'Payment not pending',
          `<h1>Payment not pending</h1><p>This payment is no longer pending: it ${ended}. Nothing was changed.</p><p><a href="${esc(backTo(p.purpose, p.reference))}">Back to the store</a></p>`,
        );
      if (p.status !== 'pending') return notPending(endedAs(p));
      // The gateway decides once: of an Approve and a Decline sent at once, the first recorded is the one sent.
      const claimed = rowsOf(
        await db.execute(sql`
          INSERT INTO sandbox_decisions (reference, outcome, decided_at) VALUES (${p.reference}, ${outcome}, ${app.clock.now().toISOString()})
          ON CONFLICT (reference) DO NOTHING RETURNING reference`),
      );
      if (claimed.length === 0) {
        const [first] = rowsOf<{ outcome: string }>(await db.execute(sql`SELECT outcome FROM sandbox_decisions WHERE reference = ${p.reference}`));
        return notPending(first?.outcome === 'success' ? 'was already approved' : 'was already declined');
      }
      const { body, signature } = commerce.providers.sandbox!.webhookFor({
        outcome,
        reference: p.reference,
        amountMinor: p.amountMinor,
        currency: p.currency,
      });
      const res = await app.inject({
        method: 'POST',
        url: '/payment/webhook/sandbox/',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        payload: body,
      });
      if (res.statusCode !== 200) {
        // Not sent after all: the payment is still pending, and the buttons work again.
        app.log.error({ status: res.statusCode, body: res.body }, 'sandbox webhook was refused');
        await db.execute(sql`DELETE FROM sandbox_decisions WHERE reference = ${p.reference}`);
      }
      return reply.redirect(backTo(p.purpose, p.reference), 303);
    };
  app.post('/sandbox/pay/:reference/approve', { schema: { hide: true } }, decide('success'));
  app.post('/sandbox/pay/:reference/decline', { schema: { hide: true } }, decide('failed'));
}

// GET /payment/currencies/, GET /payment/wallet-balance/, GET /payment/wallet-history/, POST /payment/deposit/initiate-payment/,
// POST /payment/webhook/{provider}/ (signed: the only settlement path) and the sandbox gateway's pages.
import { and, desc, eq } from 'drizzle-orm';
import { doc } from '../commerce/docs';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { newReference } from '../billing/checkout';
import { invoices, payments, walletEntries } from '../db/schema-commerce';
import { ApiError, parseBody, validationError } from '../http/errors';
import { resolveCurrency } from '../money/catalog';
import { formatMoney, toMajor } from '../money/money';
import { belowMinimum, gatewayFor, gatewayKindOf, MethodUnavailable, paymentMethodRoutes, returnUrl, type GatewayMethod } from './methods';
import { PaymentGatewayError } from './provider';
import { outcomeRoutes } from './outcome';
import { sandboxRoutes } from './sandbox-routes';
import { confirmWithGateway } from './confirm';
import { recordEvent, settle } from './settle';
import { INCOMING_REFERENCE } from './signature';
import { balances, staffEntryText } from './wallet';

/** The most entries the wallet history answers (the newest): years of a customer's activity; the data export has all. */
export const WALLET_HISTORY_MAX = 500;

/** Webhook calls a minute from one address (a gateway's retries come later; see the webhook route). */
export const WEBHOOKS_PER_MINUTE = 600;

/** The most one deposit may add, in major units, per currency. */
export const DEPOSIT_LIMITS: Record<string, number> = { USD: 10_000, NGN: 10_000_000 };

const Deposit = v.object({
  amount: v.optional(v.unknown(), null),
  currency: v.optional(v.unknown()),
  payment_kind: v.optional(v.unknown()),
});

function depositAmount(raw: unknown, currency: string): number {
  if (raw === null || raw === undefined || raw === '')
    throw validationError({ amount: 'This field is required.' });
  const n =
    typeof raw === 'number'
      ? raw
      : typeof raw === 'string' && /^-?\d+(\.\d+)?$/.test(raw.trim())
        ? Number(raw)
        : NaN;
  if (!Number.isFinite(n)) throw validationError({ amount: 'Enter a whole amount, such as 20000.' });
  if (!Number.isInteger(n)) throw validationError({ amount: 'Enter a whole amount, without decimals.' });
  if (n < 1) throw validationError({ amount: 'Enter an amount of at least 1.' });
  const limit = DEPOSIT_LIMITS[currency] ?? 10_000;
  if (n > limit)
    throw validationError({
      amount: `The most you can deposit at once is ${formatMoney(limit * 100, currency)}.`,
    });
  return n * 100;
}

export async function paymentRoutes(app: FastifyInstance) {
  const { commerce } = app;
  const db = app.db.orm;

  app.get('/payment/currencies/', { schema: doc('payments', 'Currencies sold in', 'none') }, async () => {
    const book = await commerce.catalog.get();
    return book.currencies.map((c) => ({ code: c.code, name: c.name }));
  });

  app.get(
    '/payment/wallet-balance/',
    {
      schema: doc('payments', 'Wallet balance per currency (most recently used first)', 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const book = await commerce.catalog.get();
      const used = await balances(db, request.user!.id);
      const order = [
        ...used.map((u) => u.currency),
        ...book.currencies.map((c) => c.code).filter((c) => !used.some((u) => u.currency === c)),
      ];
      return order.map((code) => ({
        balance: toMajor(used.find((u) => u.currency === code)?.balanceMinor ?? 0),
        currency: { code, name: book.currencies.find((c) => c.code === code)?.name ?? code },
      }));
    },
  );

  app.get(
    '/payment/wallet-history/',
    {
      schema: doc('payments', "The wallet's entries in one currency, newest first (deposits, payments, refunds, adjustments)", 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const book = await commerce.catalog.get();
      const query = request.query as Record<string, unknown>;
      const used = await balances(db, request.user!.id);
      const currency = resolveCurrency(book, query.currency, used[0]?.currency ?? book.currencies[0]?.code ?? 'USD');
      const rows = await db
        .select({
          id: walletEntries.id,
          amountMinor: walletEntries.amountMinor,
          kind: walletEntries.kind,
          description: walletEntries.description,
          createdAt: walletEntries.createdAt,
          invoicenum: invoices.invoicenum,
        })
        .from(walletEntries)
        .leftJoin(invoices, eq(invoices.id, walletEntries.invoiceId))
        .where(and(eq(walletEntries.userId, request.user!.id), eq(walletEntries.currency, currency)))
        .orderBy(desc(walletEntries.id))
        .limit(WALLET_HISTORY_MAX);
      return {
        currency,
        balance: toMajor(used.find((u) => u.currency === currency)?.balanceMinor ?? 0),
        // As the customer may read them: a staff adjustment or refund without the staff's reason.
        entries: rows.map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          kind: r.kind,
          description: staffEntryText.forCustomer(r.description),
          amount: toMajor(r.amountMinor),
          invoicenum: r.invoicenum ?? null,
        })),
      };
    },
  );

  app.post(
    '/payment/deposit/initiate-payment/',
    {
      schema: doc('payments', 'Start a wallet top-up; returns the payment page', 'required'),
      preHandler: app.requireUser,
    },
    async (request) => {
      const body = parseBody(Deposit, request.body);
      const book = await commerce.catalog.get();
      const currency = resolveCurrency(book, body.currency, book.currencies[0]?.code ?? 'USD');
      const amountMinor = depositAmount(body.amount, currency);
      const method: GatewayMethod | null =
        body.payment_kind === undefined || body.payment_kind === 'fiat_payment_gateway'
          ? 'fiat_payment_gateway'
          : body.payment_kind === 'crypto_payment_gateway'
            ? 'crypto_payment_gateway'
            : null;
      if (!method)
        throw validationError({ payment_kind: 'Choose fiat_payment_gateway or crypto_payment_gateway.' });
      let provider;
      try {
        provider = gatewayFor(commerce, method, currency);
      } catch (err) {
        if (err instanceof MethodUnavailable) throw validationError({ [err.field]: err.message });
        throw err;
      }
      const low = belowMinimum(provider, method, amountMinor, currency, 'deposit more, or choose another payment method.');
      if (low) throw validationError({ amount: low });
      const kind = gatewayKindOf(method);
      const reference = newReference('dep');
      await db.insert(payments).values({
        reference,
        userId: request.user!.id,
        purpose: 'deposit',
        provider: provider.name,
        paymentKind: kind === 'crypto' ? 'crypto_payment_gateway' : 'fiat_payment_gateway',
        amountMinor,
        currency,
        status: 'pending',
        createdAt: app.clock.now(),
      });
      try {
        const init = await provider.initialize({
          reference,
          amountMinor,
          currency,
          email: request.user!.email,
          purpose: 'deposit',
          kind,
          callbackUrl: returnUrl(app, provider, reference, 'deposit'),
        });
        if (init.providerReference)
          await db.update(payments).set({ providerReference: init.providerReference }).where(eq(payments.reference, reference));
        return {
          message: 'Deposit initiated. Complete the payment on the payment page.',
          data: { authorization_url: init.authorizationUrl, reference },
        };
      } catch (err) {
        if (!(err instanceof PaymentGatewayError)) throw err;
        await db
          .update(payments)
          .set({ status: 'failed', failureReason: err.message })
          .where(eq(payments.reference, reference));
        throw new ApiError(502, { detail: err.message });
      }
    },
  );

  // The webhook reads the exact bytes it was sent: the signature is over the raw body.
  await app.register(async (hook) => {
    hook.removeAllContentTypeParsers();
    hook.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    hook.post(
      '/payment/webhook/:provider/',
      {
        schema: doc(
          'payments',
          'Gateway webhook (x-paystack-signature: HMAC-SHA512 of the raw body); the only way a payment settles',
        ),
        // A bucket of its own, apart from the address's API calls (a gateway posts from a few addresses, and retries a
        // refused delivery later), yet limited: each call, signed or not, writes a row of the event log.
        config: { rateLimit: app.config.rateLimit.enabled ? { max: WEBHOOKS_PER_MINUTE, timeWindow: 60_000 } : false },
      },
      async (request, reply) => {
        const name = (request.params as { provider: string }).provider;
        const provider = commerce.providers.byName(name);
        if (!provider) throw new ApiError(404, { detail: 'Not found.' });
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let json: unknown = null;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          /* judged below */
        }
        const said = (json as { data?: { reference?: unknown } } | null)?.data?.reference;
        // Recorded only when it could be one of ours (no control characters or junk in the event log).
        const reference = typeof said === 'string' && INCOMING_REFERENCE.test(said) ? said : null;
        if (!provider.verifySignature(raw, request.headers)) {
          await recordEvent(app, provider.name, reference, false, 'rejected: bad signature');
          request.log.warn({ provider: provider.name, reference }, 'webhook with a bad signature');
          return reply.code(401).send({ detail: 'Invalid signature.' });
        }
        const event = provider.parseEvent(json);
        if (!event) {
          await recordEvent(app, provider.name, reference, true, 'ignored');
          return { status: 'ignored' };
        }
        if (!provider.confirmsByVerify) {
          // The sandbox: its signed event is the whole truth.
          const outcome = await settle(app, provider.name, event);
          await recordEvent(app, provider.name, event.reference, true, outcome);
          request.log.info({ provider: provider.name, reference: event.reference, outcome }, 'payment webhook');
          return { status: outcome };
        }
        // A real gateway: the webhook is a hint; its Verify decides (issue 22.4).
        const [p] = await db.select().from(payments).where(eq(payments.reference, event.reference));
        if (!p || p.provider !== provider.name) {
          const outcome = !p ? 'unknown reference' : 'wrong provider';
          await recordEvent(app, provider.name, event.reference, true, outcome);
          return { status: outcome };
        }
        const c = await confirmWithGateway(app, provider, p, event);
        if (c.kind === 'unreachable') {
          await recordEvent(app, provider.name, event.reference, true, 'retry: gateway verify unreachable');
          return reply.code(502).send({ detail: 'Could not verify the payment with the gateway; please retry.' });
        }
        const v = c.verification;
        if (c.kind === 'disagrees') {
          // Nothing credited; a 5xx so the gateway delivers again (Paystack retries for 72 hours) and reconcile.ts
          // keeps asking.
          await recordEvent(
            app,
            provider.name,
            event.reference,
            true,
            `retry: gateway verify says ${v ? `${v.status} ${v.currency} ${v.amountMinor}` : 'nothing'}`,
          );
          request.log.warn({ provider: provider.name, reference: event.reference, verify: v }, 'webhook not confirmed by verify');
          return reply
            .code(503)
            .send({ detail: 'The gateway does not confirm this payment (yet); nothing was credited. Please retry.' });
        }
        const outcome = c.kind === 'settled' ? c.outcome : 'pending';
        await recordEvent(app, provider.name, event.reference, true, outcome);
        request.log.info({ provider: provider.name, reference: event.reference, outcome }, 'payment webhook');
        return { status: outcome };
      },
    );
  });

  await app.register(outcomeRoutes);
  // callback_url of a real gateway: the customer is back from the payment page. Verify now (the webhook may be late or
  // never come: Paystack sends none for a failed or abandoned payment), then on to the storefront.
  app.get(
    '/payment/return/:provider/:reference',
    {
      schema: doc(
        'payments',
        'Where a gateway sends the customer back (callback_url): verifies the payment with the gateway, then redirects (303) to the storefront',
      ),
    },
    async (request, reply) => {
      const { provider: name, reference } = request.params as { provider: string; reference: string };
      const provider = commerce.providers.byName(name);
      if (!provider?.confirmsByVerify) throw new ApiError(404, { detail: 'Not found.' });
      let purpose = 'deposit';
      let back = ''; // the reference, for the storefront to ask /payment/outcome/ what became of it (never the amount)
      if (INCOMING_REFERENCE.test(reference)) {
        const [p] = await db.select().from(payments).where(eq(payments.reference, reference));
        if (p && p.provider === provider.name) {
          purpose = p.purpose;
          back = `?reference=${encodeURIComponent(p.reference)}`;
          if (p.status === 'pending') {
            const c = await confirmWithGateway(app, provider, p);
            if (c.kind === 'settled') await recordEvent(app, provider.name, reference, true, `return: ${c.outcome}`);
          }
        }
      }
      return reply.redirect(`${app.config.storefrontUrl}${purpose === 'deposit' ? '/dashboard' : '/dashboard/invoices'}${back}`, 303);
    },
  );

  await app.register(paymentMethodRoutes);
  // The sandbox's pages exist only where the sandbox may run (never in production without PAYMENT_PROVIDER=sandbox).
  if (commerce.providers.sandbox) await app.register(sandboxRoutes);
}

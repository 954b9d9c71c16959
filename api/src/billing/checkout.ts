// POST /api/checkout/: the cart becomes an order and an invoice (prices, VAT and total computed here), then is paid from
// the wallet in the same transaction, or handed to a payment gateway. Failures answer 400 {error} and change nothing.
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HOSTING_SERVICE_IDS, PAYMENT_METHODS } from 'shared/schemas';
import { findCart, itemsOf, priceItem } from '../cart/repository';
import type { Executor } from '../db';
import {
  carts,
  cartItems,
  invoiceItems,
  invoices,
  orders,
  payments,
  type PaymentKind,
} from '../db/schema-commerce';
import { availabilityOf, couldNotCheck } from '../domains/service';
import { ApiError } from '../http/errors';
import { resolveCurrency } from '../money/catalog';
import { formatMoney, toMajor, toMinor, vatOf } from '../money/money';
import { belowMinimum, gatewayFor, MethodUnavailable, returnUrl } from '../payments/methods';
import { type GatewayKind, PaymentGatewayError, type PaymentProvider } from '../payments/provider';
import { debit, InsufficientFunds, lockedBalance } from '../payments/wallet';
import { cancelInvoice, heldHere, payInvoice, type Provisioned } from './provision';
import { recordInvoiceParties } from './invoice-parties';
import { receiptsOf } from './receipt-mail';
import { addRestoreFee, dayOf, restoresFromRedemption } from './renewals';

export const checkoutError = (message: string, extra: Record<string, unknown> = {}) =>
  new ApiError(400, { error: message, ...extra });

const KINDS = PAYMENT_METHODS.map((m) => m.value) as PaymentKind[];
export const INVOICE_DUE_DAYS = 7;

export function parsePaymentKind(value: unknown): PaymentKind {
  if (typeof value === 'string' && (KINDS as string[]).includes(value)) return value as PaymentKind;
  const message = `Choose a payment method: ${KINDS.join(', ')}.`;
  throw checkoutError(message, { payment_kind: [message] });
}

/** A field error of checkout's input as checkout answers every failure: 400 {error, field: [message]} (spec: 'an error field'). */
function asCheckoutError<T>(read: () => T): T {
  try {
    return read();
  } catch (err) {
    const data = err instanceof ApiError ? (err.body as Record<string, unknown>) : null;
    const [field, messages] = data ? (Object.entries(data)[0] ?? []) : [];
    const message = Array.isArray(messages) ? messages[0] : messages;
    if (err instanceof ApiError && err.statusCode === 400 && typeof field === 'string' && typeof message === 'string') throw checkoutError(message, { [field]: [message] });
    throw err;
  }
}

/** The gateway for a method, or the 400 {error, payment_kind} every checkout failure uses when it is not offered. */
function gatewayOrRefuse(app: FastifyInstance, method: Exclude<PaymentKind, 'wallet'>, currency?: string): PaymentProvider {
  try {
    return gatewayFor(app.commerce, method, currency);
  } catch (err) {
    if (err instanceof MethodUnavailable) throw checkoutError(err.message, { [err.field]: [err.message] });
    throw err;
  }
}

/** `chk-…`/`dep-…`: Paystack allows only letters, digits, '-', '.' and '=' in a reference (PAYSTACK_REFERENCE). */
export const newReference = (prefix: 'chk' | 'dep') => `${prefix}-${randomBytes(12).toString('hex')}`;
export const invoiceNumber = (id: number) => `INV-${String(id).padStart(6, '0')}`;

type Outcome =
  | { kind: 'wallet'; invoice: typeof invoices.$inferSelect; provisioned: Provisioned }
  | { kind: 'gateway'; invoice: typeof invoices.$inferSelect; reference: string };

/**
 * 400 {error} when a name to register is no longer available (or could not be checked) or a name to transfer is not
 * eligible: asked of the registry at this moment (network calls: before any transaction). Checkout and paying an
 * unpaid order's invoice later both ask, so an invoice left unpaid does not sell a name someone else has since taken.
 */
async function refuseNamesNoLongerFree(
  commerce: FastifyInstance['commerce'],
  items: { kind: string; domainName: string | null }[],
  taken: (name: string) => Promise<never> = async (name) => {
    throw checkoutError(`${name} is no longer available. Remove it from your cart to continue.`);
  },
) {
  await commerce.ready();
  const registering = items.filter((i) => i.kind === 'domain_register').map((i) => i.domainName!);
  const states = await availabilityOf(commerce, registering, { fresh: true });
  for (const name of registering) {
    const state = states.get(name);
    // 'unknown' (registry slow or rate-limiting) is not 'taken': the customer should try again, not remove the name.
    if (state === 'unknown' || state === undefined) throw checkoutError(couldNotCheck(name));
    if (state !== 'available') await taken(name);
  }
  for (const i of items.filter((x) => x.kind === 'domain_transfer')) {
    const check = commerce.takenHere.has(i.domainName!)
      ? { eligible: false, reason: `${i.domainName} is already managed by this store.` }
      : await commerce.registry.transferEligibility(i.domainName!);
    if (!check.eligible) throw checkoutError(check.reason ?? `${i.domainName} is not eligible for transfer.`);
  }
}

/**
 * A hosting plan is for a name the buyer owns or is buying, or one registered elsewhere: not for a name another
 * customer holds in this store (the service, and in a real panel its site and certificate, would belong to the wrong
 * person), nor for a name nobody has registered (whoever registers it later, here or elsewhere, would find the buyer's
 * plan on it). Checked at checkout, where the buyer is known (a visitor's cart has no owner yet); paying an invoice
 * later checks the first rule again (payInvoice).
 */
async function refuseHostingOnOthersDomains(
  app: FastifyInstance,
  userId: number,
  items: { kind: string; domainName: string | null }[],
) {
  const names = [...new Set(items.filter((i) => i.kind === 'hosting' && i.domainName).map((i) => i.domainName!))];
  if (!names.length) return;
  const held = await heldHere(app.db.orm, names);
  const other = held.find((d) => d.userId !== userId);
  if (other)
    throw checkoutError(
      `${other.name} is registered here by another customer: hosting can only be bought for a domain you own or are buying. Remove the plan or change its domain.`,
    );
  const inCart = new Set(items.filter((i) => i.kind !== 'hosting').map((i) => i.domainName));
  const elsewhere = names.filter((n) => !inCart.has(n) && !held.some((d) => d.name === n));
  const states = await availabilityOf(app.commerce, elsewhere, { fresh: true });
  for (const name of elsewhere) {
    const state = states.get(name);
    if (state === 'unknown' || state === undefined) throw checkoutError(couldNotCheck(name));
    if (state === 'available')
      throw checkoutError(
        `${name} is not registered: add it to your cart to register it with the plan, or change the plan's domain.`,
      );
  }
}

/**
 * What the customer confirmed, when the storefront says (both optional, for other clients): `expected_items`, the ids
 * of the cart items it showed, and `expected_total`, the cart's total it showed before VAT (the amount due is that
 * plus VAT), in the checkout's currency. Checkout charges the cart as it is when the call arrives; another tab may
 * have added to it since the dialog opened, and a wallet pays at once: a cart that is not what was confirmed is
 * refused, with nothing charged.
 */
function expectedOf(body: Record<string, unknown>): { items: number[] | null; totalMinor: number | null } {
  const raw = body.expected_items;
  let items: number[] | null = null;
  if (raw !== undefined && raw !== null) {
    if (!Array.isArray(raw) || raw.length > 1000 || !raw.every((n) => Number.isSafeInteger(n) && (n as number) > 0)) {
      const message = 'expected_items must be the ids of the cart items shown.';
      throw checkoutError(message, { expected_items: [message] });
    }
    items = raw as number[];
  }
  const total = body.expected_total;
  let totalMinor: number | null = null;
  if (total !== undefined && total !== null) {
    const text = typeof total === 'number' ? String(total) : total;
    if (typeof text !== 'string' || !/^\d{1,12}(\.\d{1,2})?$/.test(text.trim())) {
      const message = 'expected_total must be the amount shown, such as 10.75.';
      throw checkoutError(message, { expected_total: [message] });
    }
    totalMinor = toMinor(Number(text.trim()));
  }
  return { items, totalMinor };
}

export async function checkout(app: FastifyInstance, request: FastifyRequest, body: Record<string, unknown>) {
  const { commerce } = app;
  const db = app.db.orm;
  const user = request.user!;
  const paymentKind = parsePaymentKind(body.payment_kind);
  const expected = expectedOf(body);
  const gateway = paymentKind === 'wallet' ? null : gatewayOrRefuse(app, paymentKind);
  const book = await commerce.catalog.get();
  const cart = await findCart(db, request);
  const currency = asCheckoutError(() => resolveCurrency(book, body.currency, cart?.currency ?? 'USD'));
  if (paymentKind !== 'wallet') gatewayOrRefuse(app, paymentKind, currency);
  const seen = cart ? await itemsOf(db, cart.id) : [];
  if (!cart || seen.length === 0) throw checkoutError('Your cart is empty.');

  const hasDomain = seen.some((i) => i.kind !== 'hosting');
  const hasHosting = seen.some((i) => (HOSTING_SERVICE_IDS as readonly number[]).includes(i.serviceId));
  if (hasHosting && !hasDomain)
    throw checkoutError('A hosting plan needs a domain: add a domain to your cart first.');

  await refuseHostingOnOthersDomains(app, user.id, seen);
  // Registry checks are network calls (RDAP): made before the transaction, which then insists the cart did not change.
  await refuseNamesNoLongerFree(commerce, seen);

  const now = app.clock.now();
  const outcome: Outcome = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Executor;
    // The cart row lock serialises checkouts of one cart: the second one finds it empty.
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cart.id)).for('update');
    const items = await itemsOf(tx, cart.id);
    if (items.length === 0) throw checkoutError('Your cart is empty.');
    const sameItems = items.length === seen.length && items.every((i, n) => i.id === seen[n]!.id);
    if (!sameItems)
      throw checkoutError('Your cart changed while you were paying. Please review it and try again.');

    const priced = items.map((i) => {
      const amount = priceItem(book, i, currency);
      if (amount === undefined)
        throw checkoutError(`${i.name} is no longer sold. Remove it from your cart to continue.`);
      return { item: i, amount };
    });
    const subtotal = priced.reduce((s, p) => s + p.amount, 0);
    const vat = vatOf(subtotal, book.vatPercent);
    const total = subtotal + vat;
    const shown = expected.items ? new Set(expected.items) : null;
    if (
      (shown && (shown.size !== items.length || items.some((i) => !shown.has(i.id)))) ||
      (expected.totalMinor !== null && expected.totalMinor !== subtotal)
    ) {
      const message = `Your cart changed while you were paying: its total is now ${formatMoney(subtotal, currency)} (${formatMoney(total, currency)} with VAT). Nothing was charged. Please review it and try again.`;
      throw checkoutError(message, { cart_changed: true });
    }
    const walletShort = (balanceMinor: number) =>
      checkoutError(
        `Your wallet balance (${formatMoney(balanceMinor, currency)}) does not cover the total (${formatMoney(total, currency)}). Top up your wallet or choose another payment method.`,
      );
    const byWallet = paymentKind === 'wallet' || !gateway || total === 0;
    // A wallet that cannot pay is refused before anything is written (its balance stays locked until the debit), so
    // a refused checkout takes no invoice number: the numbers a customer sees run without gaps.
    if (byWallet && total > 0) {
      const balance = await lockedBalance(tx, user.id, currency);
      if (balance < total) throw walletShort(balance);
    }
    if (gateway && paymentKind !== 'wallet' && total > 0) {
      const low = belowMinimum(gateway, paymentKind, total, currency, 'pay from your wallet, or choose another payment method.');
      if (low) throw checkoutError(low, { payment_kind: [low] });
    }

    const [order] = await tx
      .insert(orders)
      .values({ userId: user.id, status: 'Pending', createdAt: now })
      .returning();
    const [draft] = await tx
      .insert(invoices)
      .values({
        orderId: order!.id,
        userId: user.id,
        currency,
        subtotalMinor: subtotal,
        vatMinor: vat,
        totalMinor: total,
        vatPercent: book.vatPercent,
        paymentKind,
        status: 'Unpaid',
        notes:
          `Order #${order!.id}: ${items.map((i) => (i.domainName && i.kind !== 'hosting' ? i.domainName : i.name)).join(', ')}`.slice(
            0,
            500,
          ),
        dueDate: dueDate(now),
        createdAt: now,
      })
      .returning();
    const [invoice] = await tx
      .update(invoices)
      .set({ invoicenum: invoiceNumber(draft!.id) })
      .where(eq(invoices.id, draft!.id))
      .returning();
    await tx.insert(invoiceItems).values(
      priced.map(({ item, amount }) => ({
        invoiceId: invoice!.id,
        serviceId: item.serviceId,
        productId: item.productId,
        kind: item.kind,
        domainName: item.domainName,
        eppCode: item.eppCode,
        name: item.name,
        description: item.description,
        nameservers: item.nameservers,
        protection: item.protection,
        amountMinor: amount,
      })),
    );
    await recordInvoiceParties(tx, [invoice!.id]);
    await tx.delete(cartItems).where(
      inArray(
        cartItems.id,
        items.map((i) => i.id),
      ),
    );

    if (byWallet) {
      if (total > 0) {
        try {
          await debit(tx, {
            userId: user.id,
            currency,
            amountMinor: total,
            kind: 'payment',
            invoiceId: invoice!.id,
            description: `Payment of ${invoice!.invoicenum}`,
            now,
          });
        } catch (err) {
          if (err instanceof InsufficientFunds) throw walletShort(err.balanceMinor);
          throw err;
        }
      }
      const provisioned = await payInvoice(tx, invoice!.id, now, receiptsOf(app));
      const [paid] = await tx.select().from(invoices).where(eq(invoices.id, invoice!.id));
      return { kind: 'wallet', invoice: paid!, provisioned: provisioned ?? { names: [] } };
    }
    const reference = newReference('chk');
    await tx.insert(payments).values({
      reference,
      userId: user.id,
      purpose: 'checkout',
      provider: gateway.name,
      paymentKind,
      invoiceId: invoice!.id,
      amountMinor: total,
      currency,
      status: 'pending',
      createdAt: now,
    });
    return { kind: 'gateway', invoice: invoice!, reference };
  });

  const summary = {
    invoice_id: outcome.invoice.id,
    invoicenum: outcome.invoice.invoicenum,
    status: outcome.invoice.status,
    total: toMajor(outcome.invoice.totalMinor),
    currency,
  };
  if (outcome.kind === 'wallet') {
    await commerce.registered(outcome.provisioned.names);
    return { message: 'Payment successful. Your order is now active.', data: summary };
  }
  try {
    const init = await gateway!.initialize({
      reference: outcome.reference,
      amountMinor: outcome.invoice.totalMinor,
      currency,
      email: user.email,
      purpose: 'checkout',
      kind: paymentKind === 'crypto_payment_gateway' ? 'crypto' : 'fiat',
      callbackUrl: returnUrl(app, gateway!, outcome.reference, 'checkout'),
    });
    if (init.providerReference)
      await db.update(payments).set({ providerReference: init.providerReference }).where(eq(payments.reference, outcome.reference));
    return {
      message: 'Order created. Complete the payment on the payment page.',
      data: { ...summary, authorization_url: init.authorizationUrl, reference: outcome.reference },
    };
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: err.message })
        .where(eq(payments.reference, outcome.reference));
      await cancelInvoice(tx, outcome.invoice.id, app.clock.now(), '(payment gateway unavailable)');
    });
    throw new ApiError(502, { error: err.message });
  }
}

function dueDate(now: Date): string {
  return new Date(now.getTime() + INVOICE_DUE_DAYS * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * POST /api/invoices/{id}/pay/: pays an Unpaid invoice (for example after the payment page was closed) from the wallet
 * or through a new gateway payment. A gateway payment that arrives after the invoice was paid goes to the wallet.
 */
export async function payExistingInvoice(
  app: FastifyInstance,
  request: FastifyRequest,
  invoiceId: number,
  body: Record<string, unknown>,
) {
  const { commerce } = app;
  const db = app.db.orm;
  const user = request.user!;
  // Another customer's invoice is not found, whatever the body says.
  const [owned] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!owned || owned.userId !== user.id) throw new ApiError(404, { detail: 'Not found.' });
  const paymentKind = parsePaymentKind(body.payment_kind);
  const provider = paymentKind === 'wallet' ? null : gatewayOrRefuse(app, paymentKind);
  if (owned.status === 'Unpaid') {
    if (paymentKind !== 'wallet') gatewayOrRefuse(app, paymentKind, owned.currency);
    // An order's names are asked again, as at checkout: one taken meanwhile cancels the invoice (it can never be paid).
    const lines = await db.select().from(invoiceItems).where(eq(invoiceItems.invoiceId, owned.id));
    await refuseNamesNoLongerFree(commerce, lines, async (name) => {
      const cancelled = await db.transaction(async (tx) =>
        cancelInvoice(tx as unknown as Executor, owned.id, app.clock.now(), `(${name} was registered by someone else)`),
      );
      // Paid meanwhile (the customer's own earlier payment settled, and the name is taken by them): say so instead.
      if (!cancelled) {
        const [now] = await db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, owned.id));
        throw checkoutError(`Invoice ${owned.invoicenum} is ${(now?.status ?? 'cancelled').toLowerCase()}, not unpaid.`);
      }
      throw checkoutError(
        `${name} is no longer available, so ${owned.invoicenum} was cancelled and nothing was charged. Its items are back in your cart: remove ${name} and check out again.`,
      );
    });
  }
  const now = app.clock.now();
  const result = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Executor;
    let [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!inv || inv.userId !== user.id) throw new ApiError(404, { detail: 'Not found.' });
    if (inv.status !== 'Unpaid')
      throw checkoutError(`Invoice ${inv.invoicenum} is ${inv.status.toLowerCase()}, not unpaid.`);
    // A payment started while the domain is in Redemption pays its restore fee. The job system defers the fee while an
    // earlier gateway payment (started in Grace) is pending; that one, if it succeeds later, no longer matches the
    // total and goes to the wallet (payments/settle.ts), so it cannot restore the domain at the Grace price either.
    if (await restoresFromRedemption(tx, inv.id, dayOf(now))) {
      if (await addRestoreFee(tx, await commerce.catalog.get(), inv.id)) [inv] = await tx.select().from(invoices).where(eq(invoices.id, inv.id));
    }
    if (!inv) throw new ApiError(404, { detail: 'Not found.' });
    if (paymentKind !== 'wallet') gatewayOrRefuse(app, paymentKind, inv.currency);
    if (provider && paymentKind !== 'wallet' && inv.totalMinor > 0) {
      const low = belowMinimum(provider, paymentKind, inv.totalMinor, inv.currency, 'pay from your wallet, or choose another payment method.');
      if (low) throw checkoutError(low, { payment_kind: [low] });
    }
    // Nothing to pay (a price of 0): paid at once, whatever the method, as at checkout; no gateway takes 0.
    if (paymentKind === 'wallet' || !provider || inv.totalMinor === 0) {
      if (inv.totalMinor > 0) {
        try {
          await debit(tx, {
            userId: user.id,
            currency: inv.currency,
            amountMinor: inv.totalMinor,
            kind: 'payment',
            invoiceId: inv.id,
            description: `Payment of ${inv.invoicenum}`,
            now,
          });
        } catch (err) {
          if (err instanceof InsufficientFunds) {
            throw checkoutError(
              `Your wallet balance (${formatMoney(err.balanceMinor, inv.currency)}) does not cover the total (${formatMoney(inv.totalMinor, inv.currency)}). Top up your wallet or choose another payment method.`,
            );
          }
          throw err;
        }
      }
      await tx.update(invoices).set({ paymentKind: 'wallet' }).where(eq(invoices.id, inv.id));
      const provisioned = await payInvoice(tx, inv.id, now, receiptsOf(app));
      return { kind: 'wallet' as const, inv, provisioned: provisioned ?? { names: [] } };
    }
    const reference = newReference('chk');
    const gateway: GatewayKind = paymentKind === 'crypto_payment_gateway' ? 'crypto' : 'fiat';
    await tx.insert(payments).values({
      reference,
      userId: user.id,
      purpose: 'checkout',
      provider: provider.name,
      paymentKind,
      invoiceId: inv.id,
      amountMinor: inv.totalMinor,
      currency: inv.currency,
      status: 'pending',
      createdAt: now,
    });
    return { kind: 'gateway' as const, inv, reference, gateway };
  });
  const summary = {
    invoice_id: result.inv.id,
    invoicenum: result.inv.invoicenum,
    total: toMajor(result.inv.totalMinor),
    currency: result.inv.currency,
  };
  if (result.kind === 'wallet') {
    await commerce.registered(result.provisioned.names);
    return { message: 'Payment successful. Your order is now active.', data: { ...summary, status: 'Paid' } };
  }
  try {
    const init = await provider!.initialize({
      reference: result.reference,
      amountMinor: result.inv.totalMinor,
      currency: result.inv.currency,
      email: user.email,
      purpose: 'checkout',
      kind: result.gateway,
      callbackUrl: returnUrl(app, provider!, result.reference, 'checkout'),
    });
    if (init.providerReference)
      await db.update(payments).set({ providerReference: init.providerReference }).where(eq(payments.reference, result.reference));
    return {
      message: 'Complete the payment on the payment page.',
      data: {
        ...summary,
        status: 'Unpaid',
        authorization_url: init.authorizationUrl,
        reference: result.reference,
      },
    };
  } catch (err) {
    if (!(err instanceof PaymentGatewayError)) throw err;
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: err.message })
      .where(eq(payments.reference, result.reference));
    throw new ApiError(502, { error: err.message });
  }
}

// Staff catalogue (admin): TLD registration, renewal and transfer prices per currency, hosting plan prices, the
// USD→NGN rate and the VAT percent. Issued invoices keep their own amounts; the price book is reloaded, so new
// carts and invoices use the new values at once.
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { isRowId, rowIdIn, type Executor } from '../db';
import { hostingPlans } from '../db/schema';
import { commerceSettings, currencies, exchangeRates, tldPrices, tlds } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { DEFAULT_VAT_PERCENT } from '../money/catalog';
import { toMajor } from '../money/money';
import { audit } from './audit';
import { decimalField, moneyField } from './fields';
import { staffOf } from './plugin';

const TldPrice = v.object({
  tld: v.pipe(v.string('Choose a TLD.'), v.trim(), v.toLowerCase(), v.nonEmpty('Choose a TLD.')),
  currency: v.picklist(['USD', 'NGN'], 'Choose USD or NGN.'),
  register: moneyField({ min: 0 }),
  renewal: moneyField({ min: 0 }),
  transfer: moneyField({ min: 0 }),
});
const PlanPrice = v.object({ price: moneyField({ min: 0 }) });
const Settings = v.object({
  usd_ngn_rate: v.optional(v.pipe(decimalField(1_000_000, 'Enter a rate of at most 1,000,000.'), v.check((x) => Number(x) > 0, 'Enter a rate greater than zero.'))),
  // Above 50 % is surely a slip of the keyboard (the highest VAT anywhere is 27 %): refused, not charged to customers.
  vat_percent: v.optional(v.pipe(decimalField(100, 'VAT cannot be more than 100 %.', 3), v.check((x) => Number(x) <= 50, 'VAT above 50 % is surely a typo: enter at most 50.'))),
});

export async function catalogueRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  // A new content version: every node drops its price book with its content (app.ts).
  const reload = () => app.content.invalidate();

  app.get('/staff/catalogue/', async () => {
    const [tldRows, priceRows, plans, rate, vat, curr] = await Promise.all([
      db.select().from(tlds).orderBy(asc(tlds.position)),
      db.select().from(tldPrices),
      db.select().from(hostingPlans).orderBy(asc(hostingPlans.serviceId), asc(hostingPlans.position), asc(hostingPlans.id)),
      db.select().from(exchangeRates).where(and(eq(exchangeRates.baseCurrency, 'USD'), eq(exchangeRates.quoteCurrency, 'NGN'))),
      db.select().from(commerceSettings).where(eq(commerceSettings.key, 'vat_percent')),
      db.select().from(currencies).orderBy(asc(currencies.position)),
    ]);
    return {
      currencies: curr.map((c) => c.code),
      tlds: tldRows.map((t) => ({
        tld: t.tld,
        is_active: t.isActive,
        prices: priceRows
          .filter((p) => p.tldId === t.id)
          .map((p) => ({ currency: p.currency, register: toMajor(p.registerMinor), renewal: toMajor(p.renewalMinor), transfer: toMajor(p.transferMinor) })),
      })),
      plans: plans.map((p) => ({ id: p.id, service: p.serviceId, name: p.name, price: toMajor(p.priceMinor), currency: p.currency })),
      usd_ngn_rate: rate[0] ? String(Number(rate[0].rate)) : null,
      vat_percent: String(Number(vat[0]?.value ?? DEFAULT_VAT_PERCENT)),
      vat_overridden: Boolean(app.commerce.config.vatPercent),
    };
  });

  app.put('/staff/catalogue/tld-prices/', async (request) => {
    const body = parseBody(TldPrice, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const [t] = await tx.select().from(tlds).where(eq(tlds.tld, body.tld.replace(/^\./, '')));
      if (!t) throw validationError({ tld: `We do not sell .${body.tld.replace(/^\./, '')}.` });
      const [old] = await tx.select().from(tldPrices).where(and(eq(tldPrices.tldId, t.id), eq(tldPrices.currency, body.currency))).for('update');
      const values = { registerMinor: body.register, renewalMinor: body.renewal, transferMinor: body.transfer };
      await tx
        .insert(tldPrices)
        .values({ tldId: t.id, currency: body.currency, ...values })
        .onConflictDoUpdate({ target: [tldPrices.tldId, tldPrices.currency], set: values });
      const shown = (p?: typeof values) => (p ? { register: toMajor(p.registerMinor), renewal: toMajor(p.renewalMinor), transfer: toMajor(p.transferMinor) } : null);
      await audit(tx, me, { action: 'catalogue.tld_price', targetType: 'tld', targetId: `${t.tld} ${body.currency}`, before: shown(old), after: shown(values) }, now);
    });
    await reload();
    return { message: 'Prices saved.' };
  });

  app.put('/staff/catalogue/plans/:id/', async (request) => {
    const body = parseBody(PlanPrice, request.body);
    const me = staffOf(request);
    const raw = (request.params as { id: string }).id;
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound('No such plan.');
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const [plan] = await tx.select().from(hostingPlans).where(eq(hostingPlans.id, id)).for('update');
      if (!plan) throw notFound('No such plan.');
      await tx.update(hostingPlans).set({ priceMinor: body.price }).where(eq(hostingPlans.id, plan.id));
      await audit(
        tx,
        me,
        { action: 'catalogue.plan_price', targetType: 'plan', targetId: plan.id, before: { name: plan.name, price: toMajor(plan.priceMinor), currency: plan.currency }, after: { price: toMajor(body.price) } },
        app.clock.now(),
      );
    });
    await reload();
    return { message: 'Price saved.' };
  });

  app.put('/staff/catalogue/settings/', async (request) => {
    const body = parseBody(Settings, request.body);
    const me = staffOf(request);
    if (body.usd_ngn_rate === undefined && body.vat_percent === undefined) {
      throw validationError({ non_field_errors: 'Change the USD→NGN rate or the VAT percent.' });
    }
    const now = app.clock.now();
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      // The console sends both values: one that is unchanged writes nothing, and no audit entry.
      if (body.usd_ngn_rate !== undefined) {
        const [old] = await tx.select().from(exchangeRates).where(and(eq(exchangeRates.baseCurrency, 'USD'), eq(exchangeRates.quoteCurrency, 'NGN'))).for('update');
        if (!old || Number(old.rate) !== Number(body.usd_ngn_rate)) {
          await tx
            .insert(exchangeRates)
            .values({ baseCurrency: 'USD', quoteCurrency: 'NGN', rate: body.usd_ngn_rate, updatedAt: now })
            .onConflictDoUpdate({ target: [exchangeRates.baseCurrency, exchangeRates.quoteCurrency], set: { rate: body.usd_ngn_rate, updatedAt: now } });
          // The reverse rate, if stored, follows.
          await tx.delete(exchangeRates).where(and(eq(exchangeRates.baseCurrency, 'NGN'), eq(exchangeRates.quoteCurrency, 'USD')));
          await audit(tx, me, { action: 'catalogue.rate', targetType: 'rate', targetId: 'USD>NGN', before: old ? { rate: String(Number(old.rate)) } : null, after: { rate: body.usd_ngn_rate } }, now);
        }
      }
      if (body.vat_percent !== undefined) {
        const [old] = await tx.select().from(commerceSettings).where(eq(commerceSettings.key, 'vat_percent')).for('update');
        if (Number(old?.value ?? DEFAULT_VAT_PERCENT) !== Number(body.vat_percent)) {
          await tx
            .insert(commerceSettings)
            .values({ key: 'vat_percent', value: body.vat_percent })
            .onConflictDoUpdate({ target: commerceSettings.key, set: { value: body.vat_percent } });
          await audit(tx, me, { action: 'catalogue.vat', targetType: 'setting', targetId: 'vat_percent', before: old ? { vat_percent: old.value } : null, after: { vat_percent: body.vat_percent } }, now);
        }
      }
    });
    await reload();
    return { message: 'Settings saved.' };
  });
}

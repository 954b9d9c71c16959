// The hosting pass takes its locks in the payers' order (the renewal invoice, then the service): a wallet payment that
// holds its invoice while the Terminated step runs is waited for instead of deadlocking (40P01). PostgreSQL only for the
// interleaving (node api/scripts/test-pg.mjs src/billing/hosting-suspension.test.ts); two passes at once run on both.
import { eq, sql } from 'drizzle-orm';
import { hostingWithRenewal, startTestApp, type TestApp, walletMinor, invoiceById } from '../commerce/test-app';
import type { Executor } from '../db';
import { invoices, userServices } from '../db/schema-commerce';
import { credit, debit } from '../payments/wallet';
import { usingPostgres } from '../test/app';
import { hostingSuspension } from './hosting-suspension';
import { payInvoice } from './provision';
import { rowsOf } from '../db';

const describeIfPostgres = usingPostgres ? describe : describe.skip;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOG_LEVEL: 'error' });
}, 120_000);
afterAll(() => t?.close());
beforeEach(() => t.clock.set(new Date('2026-03-03T10:00:00Z')));

/** A customer's hosting service due on 2026-03-10 (billed annually) with its renewal invoice, as the lifecycle leaves it. */
async function serviceWithRenewal() {
  const u = await t.user();
  const { service: s, invoice } = await hostingWithRenewal(t, u.id);
  return { u, s, invoice };
}

const invoiceRow = (id: number) => invoiceById(t, id);
const serviceRow = async (id: number) =>
  (await t.db.orm.select().from(userServices).where(eq(userServices.id, id)))[0]!;
const balance = (userId: number) => walletMinor(t, userId);

describeIfPostgres('a payment holding its invoice while the hosting pass runs (PostgreSQL)', () => {
  test('Terminated step: no deadlock; the wallet pays the amount it locked and the service is Active for a year', async () => {
    const { u, s, invoice } = await serviceWithRenewal();
    await credit(t.db.orm, {
      userId: u.id,
      currency: 'USD',
      amountMinor: invoice.totalMinor,
      kind: 'deposit',
      description: 'test funds',
      now: t.clock.now(),
    });
    t.clock.set(new Date('2026-04-09T10:00:00Z')); // 30 days past due: the Terminated step is due
    // The wallet branch of checkout.ts payExistingInvoice: the invoice locked, then (once the pass waits) debit and
    // payInvoice, which moves the service's due date.
    let go!: () => void;
    const released = new Promise<void>((resolve) => (go = resolve));
    let locked!: () => void;
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const payer = t.db.orm.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Executor;
      const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoice.id)).for('update');
      locked();
      await released;
      await debit(tx, {
        userId: u.id,
        currency: inv!.currency,
        amountMinor: inv!.totalMinor,
        kind: 'payment',
        invoiceId: inv!.id,
        description: 'Payment',
        now: t.clock.now(),
      });
      await payInvoice(tx, inv!.id, t.clock.now());
    });
    await Promise.race([holding, payer]);
    const pass = hostingSuspension(t.app, { now: t.clock.now() });
    pass.catch(() => {});
    for (let i = 0; ; i += 1) {
      const [row] = rowsOf<{ n: number }>(
        await t.db.orm.execute(sql`
          SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`),
      );
      if (Number(row!.n) > 0) break;
      if (i > 400) throw new Error('the pass never waited for the payer');
      await new Promise((r) => setTimeout(r, 25));
    }
    go();
    const [paid, passed] = await Promise.allSettled([payer, pass]);
    expect(paid).toEqual({ status: 'fulfilled', value: undefined });
    expect(passed).toEqual({ status: 'fulfilled', value: expect.any(Number) });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: 'Paid', totalMinor: invoice.totalMinor });
    expect(await serviceRow(s.id)).toMatchObject({ status: 'Active', nextduedate: '2027-03-10' });
    expect(await balance(u.id)).toBe(0);
    await hostingSuspension(t.app, { now: t.clock.now() });
    expect(await serviceRow(s.id)).toMatchObject({ status: 'Active', nextduedate: '2027-03-10' });
  }, 30_000);
});

test('two hosting passes at once: one termination, its invoice cancelled once; one suspension', async () => {
  const toTerminate = await serviceWithRenewal();
  const toSuspend = await serviceWithRenewal();
  await t.db.orm
    .update(userServices)
    .set({ nextduedate: '2026-04-05' })
    .where(eq(userServices.id, toSuspend.s.id));
  t.clock.set(new Date('2026-04-09T10:00:00Z'));
  const runs = await Promise.all([1, 2, 3].map(() => hostingSuspension(t.app, { now: t.clock.now() })));
  expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
  expect(await serviceRow(toTerminate.s.id)).toMatchObject({ status: 'Terminated' });
  expect(await invoiceRow(toTerminate.invoice.id)).toMatchObject({ status: 'Cancelled' });
  expect((await invoiceRow(toTerminate.invoice.id)).notes.match(/service terminated/g)).toHaveLength(1);
  expect(await serviceRow(toSuspend.s.id)).toMatchObject({ status: 'Suspended' });
  expect(await hostingSuspension(t.app, { now: t.clock.now() })).toBe(0);
}, 30_000);

// Test support for the commerce suites, on top of the platform's helper (test/app.ts: a real app on PGlite from the
// seeded template, or on a fresh PostgreSQL database with TEST_DATABASE_URL). Commerce settings are read from the
// environment when the plugin registers, so `env` is applied to process.env while the app is built.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { insertUser, issueSession } from '../accounts/repository';
import { hashPassword } from '../accounts/secrets';
import type { ManualClock } from '../clock';
import type { Database } from '../db';
import { and, eq } from 'drizzle-orm';
import { renewalInvoices } from '../billing/renewal-invoices';
import { hostingPlans, users } from '../db/schema';
import { invoices, userServices } from '../db/schema-commerce';
import { renewals } from '../db/schema-lifecycle';
import type { StaffRole } from '../staff/access';
import { balances } from '../payments/wallet';
import { createTestApp, type TestDb } from '../test/app';

/** The password of every account `TestApp.user()` makes. */
export const TEST_PASSWORD = 'test-pass-2024';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  clock: ManualClock;
  /** The platform's handle, for `appOn` (a second app on the same database). */
  base: TestDb;
  close(): Promise<void>;
  /** A new active user with a session: `auth` is the Authorization header value. */
  user(opts?: { staff?: boolean }): Promise<{ id: number; username: string; email: string; auth: string }>;
  inject(
    opts: InjectOptions & { auth?: string; cookies?: Record<string, string> },
  ): Promise<LightMyRequestResponse>;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const saved: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) {
    saved[k] = process.env[k];
    process.env[k] = v;
  }
  let base: Awaited<ReturnType<typeof createTestApp>>;
  try {
    base = await createTestApp(env);
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  const { app, db, clock } = base;
  clock.set(new Date('2026-03-03T10:00:00Z'));
  let n = 0;
  const passwordHash = await hashPassword(TEST_PASSWORD);
  return {
    app,
    db,
    clock,
    base,
    close: () => base.close(),
    async user(opts = {}) {
      n += 1;
      const username = `${opts.staff ? 'staff' : 'cust'}${n}${randomBytes(2).toString('hex')}`;
      const email = `${username}@example.com`;
      const u = await insertUser(db.orm, {
        username,
        email,
        passwordHash,
        isActive: true,
        isStaff: opts.staff ?? false,
        // A staff user handles tickets unless a test gives it another role (api/src/staff/access.ts).
        role: opts.staff ? 'support' : 'customer',
        dateJoined: clock.now(),
      });
      const s = await issueSession(db.orm, u.id, clock.now());
      return { id: u.id, username, email, auth: `Token ${s.access}` };
    },
    inject({ auth, cookies, headers, ...rest }) {
      return app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(auth ? { authorization: auth } : {}) },
        cookies,
      });
    },
  };
}

/** The cookies a response sets, by name. */
export function setCookies(res: LightMyRequestResponse): Record<string, string> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
}

/** A user's wallet balance in minor units, every currency added up (the suites that read it use one currency). */
export const walletMinor = async (t: TestApp, userId: number): Promise<number> =>
  (await balances(t.db.orm, userId)).reduce((total, b) => total + b.balanceMinor, 0);

/** One invoice's row. */
export const invoiceById = async (t: TestApp, id: number) => (await t.db.orm.select().from(invoices).where(eq(invoices.id, id)))[0]!;

/** One staff account per role, each with a session (api/src/staff/access.ts has what each may do). */
export async function staffAccounts(t: TestApp): Promise<Record<StaffRole, { id: number; auth: string; username: string }>> {
  const out = {} as Record<StaffRole, { id: number; auth: string; username: string }>;
  for (const role of ['support', 'billing', 'admin'] as const) {
    const u = await t.user({ staff: true });
    await t.db.orm.update(users).set({ role }).where(eq(users.id, u.id));
    out[role] = u;
  }
  return out;
}

/**
 * A customer's hosting service (billed annually) due on `due`, with its renewal invoice: what the lifecycle leaves 14
 * days before the due date (the clock is expected at or after that).
 */
export async function hostingWithRenewal(t: TestApp, userId: number, due = '2026-03-10') {
  const [plan] = await t.db.orm.select().from(hostingPlans).limit(1);
  const [service] = await t.db.orm
    .insert(userServices)
    .values({
      userId,
      serviceId: plan!.serviceId,
      planId: plan!.id,
      name: plan!.name,
      billingcycle: 'Annually',
      domain: `site-${userId}-${randomBytes(2).toString('hex')}.com`,
      regdate: `${Number(due.slice(0, 4)) - 1}${due.slice(4)}`,
      nextduedate: due,
      serverhostname: 'server1.hosthub.test',
      status: 'Active',
      createdAt: t.clock.now(),
    })
    .returning();
  return { service: service!, invoice: await renewalInvoiceOf(t, 'hosting', service!.id) };
}

/** Runs the renewal-invoice pass at the clock's now and returns the invoice it made for the item. */
export async function renewalInvoiceOf(t: TestApp, kind: 'domain' | 'hosting', itemId: number) {
  await renewalInvoices(t.app, { now: t.clock.now() });
  const [r] = await t.db.orm
    .select()
    .from(renewals)
    .where(and(eq(renewals.itemKind, kind), eq(renewals.itemId, itemId)));
  return invoiceById(t, r!.invoiceId);
}

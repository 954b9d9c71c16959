// State shared across nodes (issue 18): two apps on one database stand for two API nodes. On PostgreSQL the login
// throttles, session revocations and content edits are shared; on the embedded database (one process) each app keeps
// its own in-memory stores, as before.
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ManualClock, OffsetClock } from '../clock';
import { faqs } from '../db/schema';
import { JobSystem } from '../jobs/system';
import { activeUser, appOn, auth, createTestDb, fullLogin, usingPostgres, type TestDb } from '../test/app';

const describeIfPostgres = usingPostgres ? describe : describe.skip;

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.destroy();
});

const badLogin = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/core/login/', headers: { 'content-type': 'application/json' }, payload: '{}' });

/** Polls `check` every 20 ms until it holds; answers the milliseconds it took (fails after `limit`). */
async function within(limit: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > limit) throw new Error(`not within ${limit} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('login throttle across nodes', () => {
  it(`${usingPostgres ? 'is shared' : 'is per process on the embedded database'}: same 429 body and Retry-After`, async () => {
    const env = { RATE_LIMIT: 'true', AUTH_RATE_LIMIT_MAX: '3', RATE_LIMIT_MAX: '1000' };
    const a = await appOn(t, env);
    const b = await appOn(t, env);
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 8; i++) {
        last = await badLogin(i % 2 === 0 ? a : b);
        statuses.push(last.statusCode);
      }
      // Alternating nodes: on PostgreSQL the 4th request overall is refused; in memory each node counts its own 3.
      expect(statuses).toEqual(usingPostgres ? [400, 400, 400, 429, 429, 429, 429, 429] : [400, 400, 400, 400, 400, 400, 429, 429]);
      const retryAfter = Number(last!.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(last!.json()).toEqual({ detail: `Request was throttled. Expected available in ${retryAfter} seconds.` });
      // Another limited route counts apart.
      const reset = await a.inject({ method: 'POST', url: '/core/request-password-reset/', payload: {} });
      expect(reset.statusCode).toBe(400);
      if (usingPostgres) {
        const rows = await t.db.orm.execute(sql`SELECT key, points FROM rate_limits ORDER BY key`);
        expect((rows as unknown as { rows: { key: string; points: number }[] }).rows).toEqual([
          { key: 'POST /core/login/:127.0.0.1', points: 8 },
          { key: 'POST /core/request-password-reset/:127.0.0.1', points: 1 },
        ]);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describeIfPostgres('session revocation across nodes (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    // ManualClock: cache entries never expire by time here, so only the notification can evict them.
    a = await appOn(t, {}, new ManualClock());
    b = await appOn(t, {}, new ManualClock());
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const me = (app: FastifyInstance, access: string) => app.inject({ method: 'GET', url: '/core/me/', headers: auth(access) });

  it('a logout on node A is refused on node B within 1 second', async () => {
    const user = await activeUser(a);
    expect((await me(b, user.access)).statusCode).toBe(200); // now cached on B
    expect((await a.inject({ method: 'POST', url: '/core/logout/', headers: auth(user.access) })).statusCode).toBe(204);
    const ms = await within(1000, async () => (await me(b, user.access)).statusCode === 401);
    expect(ms).toBeLessThan(1000);
  });

  it('a single session revoke and a password change (every other session) through A reach node B', async () => {
    const user = await activeUser(a);
    const second = await fullLogin(a, user.username, user.password, user.email);
    expect((await me(b, user.access)).statusCode).toBe(200);
    expect((await me(b, second.access)).statusCode).toBe(200);
    const list = (await a.inject({ method: 'GET', url: '/core/sessions/', headers: auth(second.access) })).json() as {
      data: { id: number; current: boolean }[];
    };
    const first = list.data.find((s) => !s.current)!;
    expect((await a.inject({ method: 'DELETE', url: `/core/sessions/${first.id}`, headers: auth(second.access) })).statusCode).toBe(204);
    await within(1000, async () => (await me(b, user.access)).statusCode === 401);

    const third = await fullLogin(a, user.username, user.password, user.email);
    expect((await me(b, third.access)).statusCode).toBe(200);
    const changed = await a.inject({
      method: 'POST',
      url: '/core/change-password/',
      headers: auth(second.access),
      payload: { current_password: user.password, new_password: 'another-good-pass', re_new_password: 'another-good-pass' },
    });
    expect(changed.statusCode).toBe(200);
    await within(1000, async () => (await me(b, third.access)).statusCode === 401);
    expect((await me(b, second.access)).statusCode).toBe(200); // the session that changed it stays
  });

  it('after the listener connection is killed (pg_terminate_backend), a revoke is still honoured within 1 second', async () => {
    const user = await activeUser(a);
    expect((await me(b, user.access)).statusCode).toBe(200);
    const before = b.events.stats.reconnects;
    const killed = await t.db.orm.execute(
      sql`SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'listen:storefront_events' AND datname = current_database()`,
    );
    expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
    // Revoked at once, while B's listener may still be down: NOTIFY is lost, the reconnection clears B's cache.
    expect((await a.inject({ method: 'POST', url: '/core/logout/', headers: auth(user.access) })).statusCode).toBe(204);
    const ms = await within(1000, async () => (await me(b, user.access)).statusCode === 401);
    expect(ms).toBeLessThan(1000);
    await within(3000, async () => b.events.stats.reconnects > before);
    // And the listener is back: the next revoke travels by NOTIFY again.
    const again = await activeUser(a);
    expect((await me(b, again.access)).statusCode).toBe(200);
    const heard = b.events.stats.received;
    expect((await a.inject({ method: 'POST', url: '/core/logout/', headers: auth(again.access) })).statusCode).toBe(204);
    await within(1000, async () => (await me(b, again.access)).statusCode === 401);
    expect(b.events.stats.received).toBeGreaterThan(heard);
  });

  it('content edited through node A is served fresh by node B, and its price book is dropped', async () => {
    const faqsOf = async (app: FastifyInstance) =>
      ((await app.inject({ method: 'GET', url: '/manager/faqs/' })).json() as { question: string }[]).map((f) => f.question);
    const before = await faqsOf(b); // cached on B
    const catalog = jest.spyOn(b.commerce.catalog, 'invalidate');
    try {
      await t.db.orm.insert(faqs).values({ question: 'Is the cluster consistent?', answer: 'Yes.', position: 999 });
      expect(await faqsOf(b)).toEqual(before); // still the cached list
      await a.content.invalidate(); // what staff edits call after writing
      await within(1000, async () => (await faqsOf(b)).includes('Is the cluster consistent?'));
      expect(catalog).toHaveBeenCalled();
    } finally {
      catalog.mockRestore();
    }
  });

  it('both nodes give one content version, and B gives the one an edit through A wrote at once, with the new content', async () => {
    const version = async (app: FastifyInstance) => ((await app.inject({ url: '/content/version/' })).json() as { version: string }).version;
    const faqsOf = async (app: FastifyInstance) =>
      ((await app.inject({ method: 'GET', url: '/manager/faqs/' })).json() as { question: string }[]).map((f) => f.question);
    expect(await version(b)).toBe(await version(a));
    await faqsOf(b); // cached on B
    // B's listener is stopped: what follows cannot come by its event (the storefront's server may ask B before it does).
    await b.events.stop();
    const catalog = jest.spyOn(b.commerce.catalog, 'invalidate');
    try {
      await t.db.orm.insert(faqs).values({ question: 'Seen before the event?', answer: 'Yes.', position: 998 });
      const written = await a.content.invalidate();
      expect(await version(a)).toBe(written);
      expect(catalog).not.toHaveBeenCalled();
      expect(await version(b)).toBe(written);
      expect(await faqsOf(b)).toContain('Seen before the event?');
      expect(catalog).toHaveBeenCalled(); // prices are content: B's price book went with its lists
    } finally {
      catalog.mockRestore();
      await b.events.start();
    }
  });

  it('when the stored version cannot be read, a node still serves the content it keeps (not an error)', async () => {
    const faqsOf = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/manager/faqs/' });
    const kept = (await faqsOf(b)).json() as unknown[];
    const execute = jest.spyOn(b.db.orm, 'execute').mockRejectedValue(new Error('Connection terminated unexpectedly'));
    try {
      const res = await faqsOf(b);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(kept);
      expect((await b.inject({ url: '/content/version/' })).statusCode).toBe(200);
      expect(execute).toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
  });
});

describeIfPostgres('domain names sold or released on one node (PostgreSQL LISTEN/NOTIFY)', () => {
  it('are taken, then free again, on the other node within 1 second', async () => {
    const a = await appOn(t, {}, new ManualClock());
    const b = await appOn(t, {}, new ManualClock());
    try {
      const name = `cluster-${Date.now().toString(36)}.com`;
      const status = async (app: FastifyInstance) =>
        ((await app.inject({ url: `/domain/check/${name}?currency=USD` })).json() as { status: string }).status;
      expect(await status(b)).toBe('available');
      await a.commerce.registered([{ name, transfer: false, authCode: null }]);
      expect(await within(1000, async () => (await status(b)) === 'registered')).toBeLessThan(1000);
      await a.commerce.released([name]);
      expect(await within(1000, async () => (await status(b)) === 'available')).toBeLessThan(1000);
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describeIfPostgres('the time machine across nodes', () => {
  it('moved through node A, node B\'s clock follows within 1 second; a move through B adds to it, never back', async () => {
    const DAY = 24 * 3600 * 1000;
    await t.db.orm.execute(sql`DELETE FROM dev_clock`);
    const a = await appOn(t, {}, new OffsetClock());
    const b = await appOn(t, {}, new OffsetClock());
    try {
      const now = async (app: FastifyInstance) => Date.parse(((await app.inject({ url: '/dev/clock' })).json() as { now: string }).now);
      const advance = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_days: 1 } });
      expect((await advance(a)).statusCode).toBe(200);
      await within(1000, async () => (await now(b)) - Date.now() > DAY - 60_000);
      expect((await advance(b)).statusCode).toBe(200);
      const stored = await t.db.orm.execute(sql`SELECT offset_ms FROM dev_clock`);
      expect(Number((stored as unknown as { rows: { offset_ms: number }[] }).rows[0]!.offset_ms)).toBe(2 * DAY);
      await within(1000, async () => (await now(a)) - Date.now() > 2 * DAY - 60_000);
    } finally {
      await a.close();
      await b.close();
      await t.db.orm.execute(sql`DELETE FROM dev_clock`);
    }
  });
});

describeIfPostgres('scheduled passes across workers (pg-boss schedule on PostgreSQL)', () => {
  it('two worker job systems with the same every-minute pass run it once per tick', async () => {
    const runs: string[] = [];
    const pass = (who: string) => ({
      name: 'test-every-minute',
      cron: '* * * * *',
      run: async () => {
        runs.push(who);
        return 1;
      },
    });
    const w1 = await appOn(t, { ROLE: 'worker' });
    const w2 = await appOn(t, { ROLE: 'worker' });
    const fast = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 };
    const j1 = new JobSystem(w1, [pass('w1')], [], fast);
    const j2 = new JobSystem(w2, [pass('w2')], [], fast);
    // Each occurrence is filed by the cron pass as one send-it job under the minute slot it falls in, and
    // that job sends one 'test-every-minute' job. Grouping the sent jobs by their own created_on minute
    // would not do: an occurrence forwarded in the last second of its minute lands beside the next one.
    const rows = async <T>(q: ReturnType<typeof sql>) =>
      ((await t.db.orm.execute(q)) as unknown as { rows: T[] }).rows;
    const count = async (where: ReturnType<typeof sql>) =>
      (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE ${where}`))[0]!.n;
    const forwards = sql`name = '__pgboss__send-it' AND data->>'name' = 'test-every-minute'`;
    try {
      await Promise.all([j1.start(), j2.start()]);
      // The next minute boundary (or the current minute's occurrence) gives one job.
      await within(70_000, async () => (await count(sql`name = 'test-every-minute'`)) >= 1);
      // Both instances check the cron every second: a second send for the same tick would show within seconds.
      await new Promise((r) => setTimeout(r, 4000));
      // Stopped (gracefully: a job in hand finishes), so what follows reads a table nothing is writing to.
      await j1.stop();
      await j2.stop();
      const perSlot = (
        await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE ${forwards} GROUP BY data->>'slot'`)
      ).map((r) => r.n);
      expect(perSlot.length).toBeGreaterThanOrEqual(1);
      expect(perSlot.every((n) => n === 1)).toBe(true);
      // Each forwarded occurrence sent one job, and each job that ran, ran once, on one worker or the other.
      expect(await count(sql`name = 'test-every-minute'`)).toBe(await count(sql`${forwards} AND state = 'completed'`));
      expect(runs.length).toBe(await count(sql`name = 'test-every-minute' AND state = 'completed'`));
    } finally {
      await j1.stop();
      await j2.stop();
      await w1.close();
      await w2.close();
    }
  }, 100_000);
});

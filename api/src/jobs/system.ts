// The job system: pg-boss 12 on the same database as the API (PGlite through its `fromPglite` backend, in-process; or
// PostgreSQL with DATABASE_URL, where workers may run in other processes: ROLE=api|worker|all).
//
// Two kinds of work, both listed once in app.ts (`jobQueues`, `scheduledPasses`):
// - scheduled passes (renewal invoices, auto-pay, ...): pg-boss's cron sends one job per tick across all instances and
//   a worker runs the pass. What a pass does is decided from app.clock's now (the time machine), never from pg-boss's
//   own wall-clock timers; every pass is idempotent (unique keys in the database), as delivery is at-least-once.
// - queues fed by requests or passes (send-mail): a job is enqueued inside the caller's transaction (`enqueue(tx, ...)`),
//   so it exists exactly when the caller's writes committed; retries with backoff come from the queue's options.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PgBoss as PgBossType, Job, JobWithMetadata, QueueOptions } from 'pg-boss';
import { isAdjustable, OffsetClock } from '../clock';
import { nodeRequire, type Executor } from '../db';
import { devClock } from '../db/schema-lifecycle';
import { clusterTestQueueEnabled } from './cluster-test-queue';

export interface PassContext {
  now: Date;
}

/** A scheduled pass: what it returns is how many items it acted on (a number), or anything else (counted as 1). */
export interface ScheduledPass {
  name: string;
  /** pg-boss cron (UTC, wall clock): how often the pass looks for due items on its own. */
  cron: string;
  run(app: FastifyInstance, ctx: PassContext): Promise<unknown>;
}

export interface JobMeta {
  retryCount: number;
  retryLimit: number;
}

export interface QueueDefinition {
  name: string;
  options?: Omit<QueueOptions, 'name'>;
  /** Options of this queue's workers (boss.work) over the defaults: batches of 5, polled every 2 s. */
  workOptions?: { batchSize?: number; pollingIntervalSeconds?: number; burstWhenBatchFull?: boolean };
  work(app: FastifyInstance, data: Record<string, unknown>, meta: JobMeta): Promise<void>;
}

type PgBossModule = typeof import('pg-boss');

/** pg-boss is published as ES modules only: Node's own loader (require(esm)) loads it, also under Jest. */
/** How long a stopping job system lets running jobs finish (server.ts's shutdown allows a little more). */
export const JOBS_STOP_TIMEOUT_MS = 15_000;

const loadPgBoss = () => nodeRequire('pg-boss') as PgBossModule;

const countOf = (result: unknown): number => (typeof result === 'number' ? result : 1);

export class JobSystem {
  private boss: PgBossType | null = null;
  /**
   * The Fastify scope the passes run in: the commerce plugin sets its own (it has `app.commerce`, which the root app
   * does not see through Fastify's encapsulation).
   */
  scope: FastifyInstance;
  private starting: Promise<void> | null = null;
  private readonly log: FastifyBaseLogger;
  /** Told about every job this process ran (queue name, whether it succeeded, seconds): /metrics counts them. */
  observer: ((queue: string, ok: boolean, seconds: number) => void) | null = null;

  constructor(
    private readonly app: FastifyInstance,
    readonly passes: readonly ScheduledPass[],
    readonly queues: readonly QueueDefinition[],
    /** Extra pg-boss settings (tests: cronMonitorIntervalSeconds). */
    private readonly bossOptions: Record<string, unknown> = {},
  ) {
    this.log = app.log.child({ module: 'jobs' });
    this.scope = app;
  }

  get running(): boolean {
    return this.boss !== null;
  }

  /** Starts pg-boss: creates its schema and queues; on ROLE worker/all also the workers and the cron schedules. */
  start(): Promise<void> {
    this.starting ??= this.doStart();
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const { config, db } = this.app;
    const { PgBoss, fromPglite } = loadPgBoss();
    const working = config.role !== 'api';
    // The cluster suite kills a worker mid-batch: its jobs must expire within seconds, not at the next 60 s pass.
    const supervision = clusterTestQueueEnabled() ? { superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 } : {};
    const common = { supervise: working, schedule: working, migrate: true, createSchema: true, ...supervision, ...this.bossOptions };
    const boss =
      db.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(db.pglite as Parameters<typeof fromPglite>[0]), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: config.databaseUrl!, max: 4 });
    boss.on('error', (err: unknown) => this.log.error({ err }, 'job system error'));
    await boss.start();
    for (const q of this.queues) await boss.createQueue(q.name, q.options ?? {});
    for (const p of this.passes) await boss.createQueue(p.name, { retryLimit: 2, retryDelay: 30, retryBackoff: true });
    if (working) {
      for (const q of this.queues) {
        await boss.work<Record<string, unknown>>(
          q.name,
          { includeMetadata: true, batchSize: 5, pollingIntervalSeconds: 2, ...q.workOptions },
          async (jobs) => {
            for (const job of jobs as JobWithMetadata<Record<string, unknown>>[])
              await this.observed(q.name, () => q.work(this.scope, job.data ?? {}, job));
          },
        );
      }
      for (const p of this.passes) {
        await boss.work(p.name, { pollingIntervalSeconds: 10 }, async () =>
          this.observed(p.name, async () => {
            await this.syncClock();
            const ran = await p.run(this.scope, { now: this.app.clock.now() });
            this.log.info({ pass: p.name, count: countOf(ran) }, 'scheduled pass ran');
          }),
        );
        await boss.schedule(p.name, p.cron);
      }
    }
    this.boss = boss;
    this.log.info({ role: config.role, backend: db.kind }, 'job system started');
  }

  private async observed(queue: string, fn: () => Promise<void>): Promise<void> {
    const started = performance.now();
    try {
      await fn();
      this.observer?.(queue, true, (performance.now() - started) / 1000);
    } catch (err) {
      this.observer?.(queue, false, (performance.now() - started) / 1000);
      throw err;
    }
  }

  /** Jobs waiting and running per queue, from pg-boss's queue table (refreshed by its monitor). */
  async queueCounts(): Promise<{ name: string; queued: number; active: number; deferred: number }[]> {
    const boss = this.boss;
    if (!boss) return [];
    const names = [...this.queues.map((q) => q.name), ...this.passes.map((p) => p.name)];
    const rows = await boss.getQueues(names);
    return rows.map((r) => ({ name: r.name, queued: r.queuedCount ?? 0, active: r.activeCount ?? 0, deferred: r.deferredCount ?? 0 }));
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    this.starting = null;
    // Running jobs get most of the 20 s server.ts gives a shutdown after the drain delay (pg-boss fails what is still
    // running at the timeout; another worker retries it).
    if (boss) await boss.stop({ graceful: true, timeout: JOBS_STOP_TIMEOUT_MS }).catch(() => {});
  }

  /** Enqueues a job inside the caller's transaction: it exists if and only if the caller commits. */
  async enqueue(tx: Executor, queue: string, data: Record<string, unknown>): Promise<void> {
    const boss = this.boss;
    if (!boss) throw new Error(`The job system is not running (JOBS=off): cannot queue ${queue}.`);
    const { fromDrizzle } = loadPgBoss();
    await boss.send(queue, data, { db: fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql) });
  }

  /** Cluster + time machine: a worker process picks up the offset the API stored (dev_clock) before each pass. */
  private async syncClock(): Promise<void> {
    const clock = this.app.clock;
    if (!(clock instanceof OffsetClock) || !isAdjustable(clock)) return;
    const [row] = await this.app.db.orm.select().from(devClock);
    if (row && row.offsetMs > clock.offsetMs) clock.offsetMs = row.offsetMs;
  }

  /**
   * POST /dev/jobs/run: every pass at the clock's now, in order, then the queues they fed worked until empty.
   * Answers how many items each pass acted on and how many jobs each queue ran.
   */
  async runDue(): Promise<Record<string, number>> {
    const ran: Record<string, number> = {};
    const now = this.app.clock.now();
    for (const p of this.passes) ran[p.name] = countOf(await p.run(this.scope, { now }));
    for (const q of this.queues) ran[q.name] = await this.drain(q);
    return ran;
  }

  /** Works a queue here until nothing is ready or active (jobs waiting out a retry delay are left to their worker). */
  private async drain(q: QueueDefinition): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    let count = 0;
    for (let rounds = 0; rounds < 1000; rounds++) {
      const jobs = (await boss.fetch<Record<string, unknown>>(q.name, {
        batchSize: 20,
        includeMetadata: true,
      })) as JobWithMetadata<Record<string, unknown>>[];
      if (jobs.length === 0) {
        if (!(await this.busy(q.name))) break;
        await new Promise((r) => setTimeout(r, 50));
        continue;
      }
      for (const job of jobs) {
        try {
          await this.observed(q.name, () => q.work(this.scope, job.data ?? {}, job));
          await boss.complete(q.name, job.id);
          count += 1;
        } catch (err) {
          await boss.fail(q.name, job.id, { message: (err as Error).message });
        }
      }
    }
    return count;
  }

  /** Jobs of the queue another worker is working right now. */
  private async busy(name: string): Promise<boolean> {
    const rows = await this.app.db.orm.execute(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${name} AND state = 'active'`,
    );
    const n = Number(((rows as unknown as { rows: { n: number }[] }).rows ?? [])[0]?.n ?? 0);
    return n > 0;
  }
}

export type { Job };

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobSystem;
  }
}

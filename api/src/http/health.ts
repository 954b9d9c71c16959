// Liveness, readiness and the drain on SIGTERM (issue 18).
//
// - GET /healthz: 200 while the process runs (the event loop answers). A balancer or supervisor restarts on its failure.
// - GET /readyz: 200 only when the database answers, every migration file is applied and the node is not draining;
//   503 `{status: "not ready", reason, detail}` otherwise. The balancer sends traffic only to ready nodes.
// - drainAndClose (SIGTERM in server.ts): /readyz turns 503 at once and answers carry `Connection: close`; after
//   DRAIN_DELAY_MS (the balancer has seen a failed check and stopped sending) the listener closes, in-flight requests
//   finish, the job system stops gracefully (running jobs finish), then the database closes.
// Both routes are outside the rate limit and the public OpenAPI description.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db';
import { listMigrations } from '../db/migrate';

export type NotReadyReason = 'draining' | 'database' | 'migrations';

export type ReadyState = { ready: true } | { ready: false; reason: NotReadyReason; detail: string };

const CHECK_TIMEOUT_MS = 2000;

export class Readiness {
  draining = false;
  private migrationsDone = false;

  constructor(private readonly db: Pick<Database, 'orm'>) {}

  async check(): Promise<ReadyState> {
    if (this.draining) return { ready: false, reason: 'draining', detail: 'The server is shutting down.' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    try {
      if (this.migrationsDone) {
        await Promise.race([this.db.orm.execute(sql`SELECT 1`), timeout]);
      } else {
        const names = listMigrations().map((m) => m.name);
        const result = await Promise.race([
          this.db.orm.execute(sql`SELECT name FROM schema_migrations`).catch((err: unknown) => {
            // The table does not exist yet: the database answers, nothing is migrated.
            if (/schema_migrations/.test((err as Error).message)) return { rows: [] };
            throw err;
          }),
          timeout,
        ]);
        const applied = new Set((result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name));
        const pending = names.filter((n) => !applied.has(n));
        if (pending.length > 0)
          return { ready: false, reason: 'migrations', detail: `${pending.length} migration(s) not applied yet: ${pending[0]}` };
        this.migrationsDone = true;
      }
    } catch (err) {
      return { ready: false, reason: 'database', detail: `The database does not answer: ${(err as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
    if (this.draining) return { ready: false, reason: 'draining', detail: 'The server is shutting down.' };
    return { ready: true };
  }
}

/** /healthz and /readyz on `target` (the API, or the metrics listener), reading `readiness`. */
export function healthRoutes(target: FastifyInstance, readiness: Readiness): void {
  const opts = { schema: { hide: true }, config: { rateLimit: false } } as const;
  target.get('/healthz', opts, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return { status: 'alive' };
  });
  target.get('/readyz', opts, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const state = await readiness.check();
    if (state.ready) return { status: 'ready' };
    return reply.code(503).send({ status: 'not ready', reason: state.reason, detail: state.detail });
  });
}

export interface DrainOptions {
  delayMs: number;
  log: FastifyBaseLogger;
  /** Runs after the delay, before the HTTP listener closes (the DNS server). */
  beforeClose?: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Not ready at once; after the delay, close: no new connections, in-flight requests and running jobs finish. */
export async function drainAndClose(app: FastifyInstance, opts: DrainOptions): Promise<void> {
  app.readiness.draining = true;
  opts.log.info({ drain_delay_ms: opts.delayMs }, 'draining: /readyz answers 503 until the listener closes');
  if (opts.delayMs > 0) await sleep(opts.delayMs);
  if (opts.beforeClose) {
    await opts.beforeClose().catch((err: unknown) => opts.log.error({ err }, 'error while closing before the listener'));
  }
  const started = Date.now();
  await app.close();
  opts.log.info({ close_ms: Date.now() - started }, 'closed: in-flight requests and running jobs finished');
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

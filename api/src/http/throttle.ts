// The store behind @fastify/rate-limit (issue 18): counts go through rate-limiter-flexible, in memory on the embedded
// database (one process) and in PostgreSQL's `rate_limits` table when several nodes share one PostgreSQL, so a limit
// of 10 logins a minute stays 10 whichever node answers.
//
// @fastify/rate-limit keeps deciding everything else exactly as before: which routes are limited and how much
// (`config.rateLimit` per route), the key (the client's IP), the 429 body and the Retry-After header. A store only
// counts: `incr` answers how many requests this key made in the current window and how long the window still runs,
// with the same fixed-window semantics as the plugin's own LocalStore (the window starts at the key's first request).
//
// - Route limits (`config: { rateLimit: strict }`: login, login code, register, activation, refresh, password reset,
//   second factor, ...) are shared: each route counts apart ('POST /core/login/' is its own namespace).
// - The global per-IP limit (RATE_LIMIT_MAX on every other route) stays in each node's memory: it guards a node
//   against floods, and sharing it would cost a database write per request.
// - When PostgreSQL does not answer, the count falls back to this node's memory (rate-limiter-flexible's insurance
//   limiter): throttling continues per node instead of failing every login.
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export type ThrottleBackend = { kind: 'memory' } | { kind: 'postgres'; pool: Pool; tableName?: string };

interface StoreResult {
  current: number;
  ttl: number;
}
type Callback = (err: Error | null, res?: StoreResult) => void;
interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

const ANSWER = (r: RateLimiterRes): StoreResult => ({ current: r.consumedPoints, ttl: Math.max(0, r.msBeforeNext) });

class FlexibleStore {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(
    private readonly backend: ThrottleBackend,
    private readonly namespace: string,
    private readonly shared: boolean,
  ) {}

  private limiter(timeWindow: number, max: number): RateLimiterAbstract {
    const id = `${timeWindow}:${max}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      const common = { points: max, duration: timeWindow / 1000, keyPrefix: this.namespace };
      limiter =
        this.shared && this.backend.kind === 'postgres'
          ? new RateLimiterPostgres({
              ...common,
              storeClient: this.backend.pool,
              storeType: 'pool',
              tableName: this.backend.tableName ?? 'rate_limits',
              tableCreated: true,
              insuranceLimiter: new RateLimiterMemory(common),
            })
          : new RateLimiterMemory(common);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.limiter(timeWindow, max)
      .consume(key, 1)
      .then(
        (res) => cb(null, ANSWER(res)),
        // Over the limit: rate-limiter-flexible rejects with the counts; anything else is a store failure.
        (rejected: unknown) => (rejected instanceof RateLimiterRes ? cb(null, ANSWER(rejected)) : cb(rejected as Error)),
      );
  }

  read(key: string, cb: Callback, timeWindow: number, max: number): void {
    this.limiter(timeWindow, max)
      .get(key)
      .then(
        (res) => cb(null, res ? ANSWER(res) : { current: 0, ttl: 0 }),
        (err: unknown) => cb(err as Error),
      );
  }

  child(params: RouteParams): FlexibleStore {
    const info = params.routeInfo ?? {};
    const method = Array.isArray(info.method) ? info.method.join(',') : (info.method ?? '');
    return new FlexibleStore(this.backend, `${method} ${info.url ?? ''}`.trim() || 'route', true);
  }
}

/** The `store` option of @fastify/rate-limit for this backend (a class: the plugin calls `new Store(params)`). */
export function throttleStore(backend: ThrottleBackend) {
  return class ThrottleStore extends FlexibleStore {
    constructor() {
      super(backend, 'global', false);
    }
  };
}

// Prometheus metrics (issue 18), with prom-client: requests by route pattern and status, a latency histogram, jobs
// run and failed (pg-boss) and waiting, the PostgreSQL pool's connections, cluster events, and the process's default
// metrics (CPU, memory, event loop lag, GC, handles).
//
// The public never reads them. Two ways in, either or both:
// - METRICS_PORT: a separate listener on 127.0.0.1 (scraped from the machine itself, or through an SSH tunnel / a
//   sidecar) serving /metrics, /healthz and /readyz; the only HTTP a worker (ROLE=worker) serves.
// - METRICS_TOKEN: GET /metrics on the API port with `Authorization: Bearer <token>`.
// Without the token, /metrics on the API port is a plain 404, as for any unknown address.
import Fastify, { type FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { healthRoutes } from './health';
import { sameToken } from './token';

export const METRICS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The metrics of one app. A registry per app: tests build many apps in one process. */
export function createMetrics(app: FastifyInstance): Registry {
  const register = new Registry();
  collectDefaultMetrics({ register });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern (never the raw URL) and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [register],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  app.addHook('onResponse', (request, reply, done) => {
    // Unknown addresses share one label: a scan of random URLs must not grow the series without bound.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const jobsRun = new Counter({
    name: 'jobs_completed_total',
    help: 'Jobs and scheduled passes this process ran to completion, by queue',
    labelNames: ['queue'] as const,
    registers: [register],
  });
  const jobsFailed = new Counter({
    name: 'jobs_failed_total',
    help: 'Jobs and scheduled passes that threw in this process (pg-boss retries them), by queue',
    labelNames: ['queue'] as const,
    registers: [register],
  });
  const jobSeconds = new Histogram({
    name: 'job_duration_seconds',
    help: 'Time a job or scheduled pass took, by queue',
    labelNames: ['queue'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [register],
  });
  app.jobs.observer = (queue, ok, seconds) => {
    (ok ? jobsRun : jobsFailed).inc({ queue });
    jobSeconds.observe({ queue }, seconds);
  };
  new Gauge({
    name: 'jobs_waiting',
    help: 'Jobs per queue and state (queued, active, deferred), from pg-boss (shared by every node)',
    labelNames: ['queue', 'state'] as const,
    registers: [register],
    async collect() {
      this.reset();
      const counts = await app.jobs.queueCounts().catch(() => []);
      for (const c of counts) {
        this.set({ queue: c.name, state: 'queued' }, c.queued);
        this.set({ queue: c.name, state: 'active' }, c.active);
        this.set({ queue: c.name, state: 'deferred' }, c.deferred);
      }
    },
  });

  const pool = app.db.pool;
  if (pool) {
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool of this process: total (open), idle, and waiting (requests queued for a connection)',
      labelNames: ['state'] as const,
      registers: [register],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
  new Gauge({
    name: 'cluster_events',
    help: 'Cluster events (session revocations, content edits) published and received, and listener reconnections',
    labelNames: ['kind'] as const,
    registers: [register],
    collect() {
      const s = app.events.stats;
      this.set({ kind: 'published' }, s.published);
      this.set({ kind: 'received' }, s.received);
      this.set({ kind: 'reconnects' }, s.reconnects);
    },
  });
  new Gauge({
    name: 'ready',
    help: '1 while /readyz would answer 200 as far as draining goes (0 once SIGTERM arrived)',
    registers: [register],
    collect() {
      this.set(app.readiness.draining ? 0 : 1);
    },
  });
  return register;
}

/** GET /metrics on the API itself: only with the bearer token; a 404 like any unknown address otherwise. */
export function metricsRoute(app: FastifyInstance, register: Registry, token: string | undefined): void {
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!token || !m || !sameToken(m[1]!, token)) return reply.code(404).send({ detail: 'Not found.' });
    void reply.header('cache-control', 'no-store');
    return reply.type(METRICS_CONTENT_TYPE).send(await register.metrics());
  });
}

/** The separate listener of METRICS_PORT (127.0.0.1): /metrics, /healthz, /readyz; nothing else. */
export async function startMetricsServer(app: FastifyInstance, port: number, host = '127.0.0.1'): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  healthRoutes(server, app.readiness);
  server.get('/metrics', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return reply.type(METRICS_CONTENT_TYPE).send(await app.metrics!.metrics());
  });
  server.setNotFoundHandler((_request, reply) => reply.code(404).send({ detail: 'Not found.' }));
  await server.listen({ host, port });
  return server;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Null unless METRICS_PORT or METRICS_TOKEN is set (nothing is measured then). */
    metrics: Registry | null;
  }
}

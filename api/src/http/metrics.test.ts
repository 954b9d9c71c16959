// Prometheus metrics (issue 18): what is measured, and that the public cannot read it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ManualClock } from '../clock';
import { appOn, createTestDb, usingPostgres, type TestDb } from '../test/app';
import { startMetricsServer } from './metrics';

const TOKEN = 'metrics-token-for-tests-0123456789';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t?.destroy();
});

const scrape = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

const get = (port: number, url: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent: false }, (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });

describe('/metrics on the API port', () => {
  it('does not exist without METRICS_TOKEN or METRICS_PORT', async () => {
    const app = await appOn(t, {});
    try {
      expect(app.metrics).toBeNull();
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    } finally {
      await app.close();
    }
  });

  it('answers 404 without the right bearer token, like any unknown address', async () => {
    const app = await appOn(t, { METRICS_TOKEN: TOKEN });
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Token ${TOKEN}`, TOKEN]) {
        const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Not found.' });
        expect(res.body).not.toMatch(/http_requests_total/);
      }
      const docs = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as { paths: Record<string, unknown> };
      expect(Object.keys(docs.paths)).not.toContain('/metrics');
    } finally {
      await app.close();
    }
  });

  it('counts requests by route pattern and status, with a latency histogram and the process metrics', async () => {
    const app = await appOn(t, { METRICS_TOKEN: TOKEN });
    try {
      await app.inject({ method: 'GET', url: '/manager/faqs/' });
      await app.inject({ method: 'GET', url: '/manager/faqs/' });
      await app.inject({ method: 'GET', url: '/blog/blogposts/no-such-post-1' });
      await app.inject({ method: 'GET', url: '/blog/blogposts/no-such-post-2' });
      await app.inject({ method: 'GET', url: '/random/scan/abc123' });
      const text = await scrape(app);
      expect(text).toContain('http_requests_total{method="GET",route="/manager/faqs/",status="200"} 2');
      expect(text).toContain('http_requests_total{method="GET",route="/blog/blogposts/:key",status="404"} 2');
      expect(text).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
      // The raw URLs never become labels.
      expect(text).not.toMatch(/no-such-post|abc123/);
      expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/manager\/faqs\/",status="200"\} \d/);
      expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/manager/faqs/",status="200"} 2');
      expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
      expect(text).toMatch(/^ready 1$/m);
      expect(text).toMatch(/^cluster_events\{kind="reconnects"\} 0$/m);
      if (usingPostgres) expect(text).toMatch(/^db_pool_connections\{state="total"\} \d+$/m);
      else expect(text).not.toMatch(/db_pool_connections/);
    } finally {
      await app.close();
    }
  });

  it('counts jobs run and failed per queue, and the jobs waiting', async () => {
    let attempts = 0;
    const app = await appOn(t, { METRICS_TOKEN: TOKEN, JOBS: 'true' }, new ManualClock(), (a) => {
      (a.jobs.queues as unknown as { name: string; options?: object; work: () => Promise<void> }[]).push(
        { name: 'test-ok', work: async () => {} },
        {
          name: 'test-bad',
          options: { retryLimit: 0 },
          work: async () => {
            attempts++;
            throw new Error('broken on purpose');
          },
        },
      );
    });
    try {
      await app.db.orm.transaction(async (tx) => {
        await app.jobs.enqueue(tx, 'test-ok', {});
        await app.jobs.enqueue(tx, 'test-ok', {});
        await app.jobs.enqueue(tx, 'test-bad', {});
      });
      const ran = await app.jobs.runDue();
      expect(ran['test-ok']).toBe(2);
      expect(attempts).toBe(1);
      const text = await scrape(app);
      expect(text).toContain('jobs_completed_total{queue="test-ok"} 2');
      expect(text).toContain('jobs_failed_total{queue="test-bad"} 1');
      expect(text).toMatch(/job_duration_seconds_count\{queue="test-ok"\} 2/);
      expect(text).toMatch(/^jobs_waiting\{queue="send-mail",state="queued"\} \d+$/m);
    } finally {
      await app.close();
    }
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics, /healthz and /readyz on 127.0.0.1 only, and nothing of the API', async () => {
    const app = await appOn(t, { METRICS_PORT: '0' });
    const server = await startMetricsServer(app, 0);
    try {
      const address = server.server.address() as AddressInfo;
      expect(address.address).toBe('127.0.0.1');
      const metrics = await get(address.port, '/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.body).toMatch(/^process_resident_memory_bytes \d/m);
      expect((await get(address.port, '/healthz')).status).toBe(200);
      expect(JSON.parse((await get(address.port, '/readyz')).body)).toEqual({ status: 'ready' });
      expect((await get(address.port, '/manager/faqs/')).status).toBe(404);
      // On the API port, /metrics stays a 404 (no token set).
      expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      app.readiness.draining = true;
      expect((await get(address.port, '/readyz')).status).toBe(503);
      expect((await get(address.port, '/metrics')).body).toMatch(/^ready 0$/m);
    } finally {
      await server.close();
      await app.close();
    }
  });
});

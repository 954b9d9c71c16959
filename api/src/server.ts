// Runs the API: parse the environment, open and prepare the database, listen; close cleanly on SIGINT/SIGTERM.
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp, loggerOptions } from './app';
import { openReadyDatabase } from './bootstrap';
import { OffsetClock, systemClock, type Clock } from './clock';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { drainAndClose } from './http/health';
import { JOBS_STOP_TIMEOUT_MS } from './jobs/system';
import { startMetricsServer } from './http/metrics';
import { startDns, type DnsService } from './dns';
import { loadDnsConfig, type DnsConfig } from './dns/config';
import { loadClockOffset } from './jobs/dev-routes';

async function main(): Promise<void> {
  const started = performance.now();
  let config;
  let dnsConfig: DnsConfig;
  try {
    config = loadConfig();
    dnsConfig = loadDnsConfig();
  } catch (err) {
    if (err instanceof ConfigError || (err as Error).message.startsWith('Invalid environment')) {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = pino(loggerOptions(config));
  let db;
  try {
    db = await openReadyDatabase({ config, clock: systemClock, log });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      process.stderr.write(`Cannot start the API: ${err.message}\n`);
      process.exit(3);
    }
    log.fatal({ err }, 'cannot open the database');
    process.stderr.write(`Cannot start the API: ${(err as Error).message}\n`);
    process.exit(1);
  }
  if (config.role !== 'all' && db.kind === 'pglite') {
    process.stderr.write(
      `Cannot start the API: ROLE=${config.role} needs PostgreSQL (DATABASE_URL); the embedded database is one process (ROLE=all).\n`,
    );
    process.exit(2);
  }
  // Outside production the time machine can move the clock; its offset survives a restart (dev_clock).
  let clock: Clock = systemClock;
  if (!config.isProduction) {
    const offsetClock = new OffsetClock();
    await loadClockOffset(db, offsetClock);
    clock = offsetClock;
  }
  let app;
  try {
    app = await buildApp({ config, db, clock, loggerInstance: log });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // Settings read by a module (commerce's gateways, registry) are judged when it registers.
    process.stderr.write(`${err.message}\n`);
    await db.close().catch(() => {});
    process.exit(2);
  }

  let dns: DnsService | null = null;
  let metricsServer: FastifyInstance | null = null;
  let closing = false;
  // SIGTERM (the orchestrator, a deploy): drain first so the balancer stops sending before the listener closes.
  // SIGINT (Ctrl-C in a terminal) closes without the delay. A worker has no balancer in front: no delay either.
  const shutdown = (signal: string) => {
    if (closing) {
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    const delayMs = signal === 'SIGTERM' && config.role !== 'worker' ? config.drainDelayMs : 0;
    log.info({ signal }, 'shutting down');
    const limit = delayMs + JOBS_STOP_TIMEOUT_MS + 5_000;
    const timer = setTimeout(() => {
      log.error(`shutdown took longer than ${limit / 1000} s: exiting`);
      process.exit(1);
    }, limit);
    timer.unref();
    drainAndClose(app, {
      delayMs,
      log,
      beforeClose: async () => {
        await dns?.close();
      },
    })
      .then(() => metricsServer?.close())
      // Last: the app's own closing (its job system's graceful stop) still uses the database.
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          log.error({ err }, 'error while closing');
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  if (config.role === 'worker') {
    // A worker serves no API: it runs the queues and the scheduled passes (jobs/system.ts); with METRICS_PORT it
    // answers /metrics, /healthz and /readyz on 127.0.0.1 only.
    await app.ready();
    metricsServer = await startMetrics(app, config.metrics.port);
    log.info({ database: db.kind, location: db.location }, 'worker ready: running queues and scheduled passes');
    return;
  }
  // The authoritative DNS server runs beside the API in this process (issue 15), answering from memory; it is up
  // before the API answers, so whoever waits for the API can query it.
  if (dnsConfig.enabled) {
    try {
      dns = await startDns({ db, config: dnsConfig, log });
      log.info(
        { zones: dns.zones.size, nameservers: dnsConfig.storeNameservers },
        `DNS server ready on ${dnsConfig.host}:${dns.server.port} (UDP and TCP)`,
      );
    } catch (err) {
      const busy = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
      process.stderr.write(
        `Cannot start the DNS server on ${dnsConfig.host}:${dnsConfig.port}: ${busy ? 'the port is in use (set DNS_PORT, or DNS_SERVER=false)' : (err as Error).message}\n`,
      );
      await app.close().catch(() => {});
      process.exit(3);
    }
  }
  await app.listen({ host: config.host, port: config.port });
  metricsServer = await startMetrics(app, config.metrics.port);
  const ms = Math.round(performance.now() - started);
  log.info(
    { database: db.kind, location: db.location, mail: app.mail.transport, ready_ms: ms },
    `API ready at ${config.apiBaseUrl} (docs ${config.apiBaseUrl}/docs${config.isProduction ? '' : `, mailbox ${config.apiBaseUrl}/dev/mailbox`})`,
  );
}

/** METRICS_PORT: /metrics, /healthz and /readyz on 127.0.0.1 only. */
async function startMetrics(app: FastifyInstance, port: number | undefined): Promise<FastifyInstance | null> {
  if (port === undefined) return null;
  try {
    const server = await startMetricsServer(app, port);
    const { port: bound } = server.server.address() as AddressInfo;
    app.log.info(`metrics at http://127.0.0.1:${bound}/metrics (and /healthz, /readyz)`);
    return server;
  } catch (err) {
    const busy = (err as NodeJS.ErrnoException).code === 'EADDRINUSE';
    process.stderr.write(`Cannot start the metrics listener on 127.0.0.1:${port}: ${busy ? 'the port is in use (set METRICS_PORT)' : (err as Error).message}\n`);
    await app.close().catch(() => {});
    process.exit(3);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`API server failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

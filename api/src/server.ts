// Runs the API: parse the environment, open and prepare the database, listen; close cleanly on SIGINT/SIGTERM.
import pino from 'pino';
import { buildApp } from './app';
import { openReadyDatabase } from './bootstrap';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';

async function main(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = pino({ level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] });
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
  let app;
  try {
    app = await buildApp({ config, db, clock: systemClock, loggerInstance: log });
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    // Settings read by a module (commerce's gateways, registry) are judged when it registers.
    process.stderr.write(`${err.message}\n`);
    await db.close().catch(() => {});
    process.exit(2);
  }
  app.addHook('onClose', async () => {
    await db.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      log.warn('second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown took longer than 10 s: exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const ms = Math.round(performance.now() - started);
  log.info(
    { database: db.kind, location: db.location, mail: app.mail.transport, ready_ms: ms },
    `API ready at ${config.apiBaseUrl} (docs ${config.apiBaseUrl}/docs${config.isProduction ? '' : `, mailbox ${config.apiBaseUrl}/dev/mailbox`})`,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(`API server failed: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});

// Builds the Fastify app: platform plugins (CORS, security headers, cookies, rate limits, static files, OpenAPI), one
// error handler giving DRF shapes, then one plugin per resource folder. server.ts runs it; tests use app.inject.
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyReply, type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { authPlugin } from './accounts/auth';
import { accountRoutes } from './accounts/routes';
import { recentAuthPlugin } from './security/recent-auth';
import { securityRoutes } from './security/routes';
import { systemClock, type Clock } from './clock';
import { STATIC_DIR, type Config } from './config';
import { commerceRoutes } from './commerce/plugin';
import { contentRoutes } from './content/routes';
import type { Database } from './db';
import { ClusterEvents } from './db/events';
import { cookiePlugin } from './http/cookies';
import { ApiError, frameworkError, MAX_PARAM_LENGTH } from './http/errors';
import { healthRoutes, Readiness } from './http/health';
import { createMetrics, metricsRoute } from './http/metrics';
import { parseQuerystring, refuseBadText } from './http/input';
import { REQUEST_ID_HEADER, requestIdGenerator, requestIdMixin, trackRequestIds } from './http/request-id';
import { throttleStore, type ThrottleBackend } from './http/throttle';
import { PasswordGuesses } from './accounts/password-guesses';
import { createMailer, type Mailer } from './mail/mailer';
import { devMailRoutes } from './mail/routes';
import { sendMailQueue } from './mail/send-mail';
import { autoPay } from './billing/auto-pay';
import { hostingSuspension } from './billing/hosting-suspension';
import { renewalInvoices } from './billing/renewal-invoices';
import { renewalReminders } from './billing/renewal-reminders';
import { domainExpiry, transferCompletion } from './domains/domain-expiry';
import { refreshRdapBootstrap } from './domains/rdap-bootstrap';
import { devJobRoutes } from './jobs/dev-routes';
import { clusterTestQueue, clusterTestQueueEnabled } from './jobs/cluster-test-queue';
import { JobSystem, type QueueDefinition, type ScheduledPass } from './jobs/system';
import { reconcilePendingPayments } from './payments/reconcile';
import { purgeIdempotencyKeys } from './http/idempotency';
import { SERVER_TOKEN_HEADER, sameToken } from './http/token';
import { registerStatic } from './http/static';
import { methodNotAllowed } from './http/method-not-allowed';
import './types';

export interface AppOptions {
  db: Database;
  config: Config;
  /** Default: outbox (or SMTP when config.smtpUrl is set), built from config. */
  mail?: Mailer;
  clock?: Clock;
  /** A pino logger to use (server.ts shares its own); default: a new one at config.logLevel. */
  loggerInstance?: FastifyBaseLogger;
}

/**
 * The resource plugins, in registration order. A new module (commerce: domains, cart, checkout, payments, invoices,
 * tickets) adds its folder's plugin here; see README.md "Adding a module".
 */
export const resourcePlugins: { name: string; plugin: FastifyPluginAsync; devOnly?: boolean }[] = [
  { name: 'accounts', plugin: accountRoutes },
  { name: 'security', plugin: securityRoutes },
  { name: 'content', plugin: contentRoutes },
  { name: 'commerce', plugin: commerceRoutes },
  { name: 'dev-mail', plugin: devMailRoutes, devOnly: true },
  { name: 'dev-jobs', plugin: devJobRoutes, devOnly: true },
];

/**
 * Background work (jobs/system.ts), in the order POST /dev/jobs/run runs it. A scheduled pass takes (app, {now}) and
 * returns how many items it acted on; adding one is one line here. Cron is UTC wall clock; what is due is decided
 * from app.clock.
 */
export const scheduledPasses: ScheduledPass[] = [
  // First: a transfer that completes is Active, and gets its renewal invoice in the same run when it is due.
  { name: 'transfer-completion', cron: '1 * * * *', run: transferCompletion },
  { name: 'renewal-invoices', cron: '*/15 * * * *', run: renewalInvoices },
  // Before auto-pay: a domain past its Grace is in Redemption, with the restore fee on its invoice, before auto-pay
  // looks at it (after a jump of the clock, one run used to pay its plain renewal). A service's steps come after: a
  // wallet that covers the renewal pays it before the service is suspended; auto-pay leaves alone one due for
  // termination (auto-pay.ts autoPayable).
  { name: 'domain-expiry', cron: '2 * * * *', run: domainExpiry },
  { name: 'auto-pay', cron: '5 * * * *', run: autoPay },
  { name: 'hosting-suspension', cron: '10 * * * *', run: hostingSuspension },
  { name: 'renewal-reminders', cron: '20 * * * *', run: renewalReminders },
  // Gateway payments whose webhook never came: Verify with back-off, then settle, decline or expire (issue 22.3).
  {
    name: 'payment-reconcile',
    cron: '*/10 * * * *',
    run: async (app, { now }) => {
      const r = await reconcilePendingPayments(app, { now });
      return r.settled + r.declined + r.expired;
    },
  },
  // Idempotency keys past their day (http/idempotency.ts).
  { name: 'idempotency-keys-purge', cron: '47 3 * * *', run: (app, { now }) => purgeIdempotencyKeys(app.db.orm, now) },
  // IANA's RDAP bootstrap file, refreshed daily; the bundled copy stays in use when the download fails (issue 22.8).
  {
    name: 'rdap-bootstrap-refresh',
    cron: '37 4 * * *',
    run: async (app) => ((await refreshRdapBootstrap(app.commerce.registry, { url: app.commerce.config.rdapBootstrapUrl })).refreshed ? 1 : 0),
  },
];

/** Queues fed by requests and passes (enqueued inside their transaction), with their retry policy. */
export const jobQueues = (config: Config): QueueDefinition[] => [
  sendMailQueue(config.mailRetry.limit, config.mailRetry.delaySeconds),
  // The cluster suite's queue (CLUSTER_TEST_QUEUE=1, never in production).
  ...(clusterTestQueueEnabled() && !config.isProduction ? [clusterTestQueue] : []),
];

/**
 * The API's pino options, for buildApp's own logger and the one src/server.ts makes: no credentials in a line, and
 * every line written while a request is handled carries its reqId (request-id.ts requestIdMixin).
 */
export const loggerOptions = (config: Pick<Config, 'logLevel'>) => ({
  level: config.logLevel,
  redact: ['req.headers.authorization', 'req.headers.cookie'],
  mixin: requestIdMixin,
});

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: loggerOptions(config) }),
    bodyLimit: config.bodyLimit,
    // A hop count as a function: the n closest hops are trusted (Fastify's types take no number).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // A UUID per request (the default counter repeats across processes); request.log carries it as reqId.
    genReqId: requestIdGenerator(config.trustProxy),
    // Above the balancer's idle timeouts: HAProxy must never reuse a connection Node has just closed (sporadic 502s).
    keepAliveTimeout: config.keepAliveTimeoutMs,
    // A request must arrive whole in time (Fastify's default is no limit): a client sending its body a byte at a time
    // held its connection, and one of the process's file descriptors, for ever. Node looks for late ones every few
    // seconds; the time the answer takes is not counted. Node did not enforce the request's limit while the headers'
    // (60 s by default) was above it (measured): both are the same.
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.requestTimeoutMs / 4)) },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH, querystringParser: parseQuerystring },
    return503OnClosing: true,
    // Errors the router raises before any route or error handler (bad percent-encoding, a too long parameter).
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const { status, detail } = frameworkError(error, config.bodyLimit, '');
      void reply.header(REQUEST_ID_HEADER, request.id);
      void reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify({ detail }));
    },
  });

  // An empty body sent as JSON is an empty object, as DRF reads it: a client that always sends Content-Type:
  // application/json could not clear the cart, log out or delete a DNS record (400 'the request body is empty'). A
  // route that needs a body still answers its own field errors.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, {}) : jsonParser(request, String(body), done),
  );

  // Route schemas describe the API for /docs; validation is done with the shared valibot schemas (spec messages),
  // and replies are plain JSON.stringify so no field is ever dropped by a response schema.
  // Every answer names its request (errors, 404s and 429s included): first hook of all.
  const readiness = new Readiness(db);
  app.decorate('readiness', readiness);
  trackRequestIds(app);
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    // Draining: clients and the balancer are told not to reuse the connection.
    if (readiness.draining) void reply.header('connection', 'close');
    done();
  });

  // Before any route: a known path asked with another method is a 405 (the not-found handler below); not the staff
  // console's, which is a 404 to everyone it does not admit (staff/plugin.ts).
  const wrongMethod = methodNotAllowed(app, ['/staff/']);
  app.setValidatorCompiler(() => (value) => ({ value }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const jobs = new JobSystem(app, scheduledPasses, jobQueues(config));
  const mail =
    opts.mail ??
    createMailer({ config, db, clock, logger: app.log, queue: (tx, data) => jobs.enqueue(tx, 'send-mail', data) });
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mail', mail);
  app.decorate('clock', clock);
  app.decorate('jobs', jobs);
  // Counted where the route limits are: shared through PostgreSQL when nodes share it, in memory on PGlite.
  const throttleBackend: ThrottleBackend = db.kind === 'postgres' && db.pool ? { kind: 'postgres', pool: db.pool } : { kind: 'memory' };
  app.decorate('passwordGuesses', new PasswordGuesses(throttleBackend));
  // Session revocations and content edits reach every node (NOTIFY on PostgreSQL; nothing to do embedded).
  const events = new ClusterEvents(db, app.log.child({ module: 'events' }));
  app.decorate('events', events);
  app.addHook('onReady', () => events.start());
  app.addHook('preClose', () => events.stop());
  // Prometheus metrics, measured only when someone can read them (METRICS_PORT or METRICS_TOKEN).
  const metrics = config.metrics.port !== undefined || config.metrics.token ? createMetrics(app) : null;
  app.decorate('metrics', metrics);
  if (config.jobs) app.addHook('onReady', () => jobs.start());
  // onClose hooks run last registered first: the mailer closes after the job system, whose running jobs send mail.
  app.addHook('onClose', async () => {
    mail.close();
  });
  // After the listener closed and in-flight requests finished (onClose, not preClose): a request still answering may
  // queue a job (a mail) in its transaction. The database closes after the app (server.ts), so running jobs finish.
  app.addHook('onClose', () => jobs.stop());

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ detail: 'A server error occurred.' });
    }
    const answer = frameworkError(error, config.bodyLimit, String(request.headers['content-type'] ?? ''));
    return reply.code(answer.status).send({ detail: answer.detail });
  });
  // Text with control characters (NUL included) and absurd nesting never reach a handler, on any route.
  app.addHook('preValidation', refuseBadText);
  app.setNotFoundHandler((request, reply) => wrongMethod(request, reply) ?? reply.code(404).send({ detail: 'Not found.' }));

  await app.register(cors, {
    origin: config.storefrontOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key'],
    maxAge: 600,
    // An OPTIONS request that is not a real preflight gets a plain 204, not the plugin's text/plain 400.
    strictPreflight: false,
  });
  await app.register(helmet, {
    // HSTS only when the API is served over https (it would pin http://localhost to https otherwise).
    strictTransportSecurity: config.apiBaseUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Images under /static/ are shown by the storefront on another origin.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });

  await app.register(cookiePlugin);

  // Before the rate limit, which only counts the routes added after it: a picture is not an API call. Pictures are
  // immutable files cached for a year (a CDN's in production); counted, a page's pictures ate its visitor's budget
  // (the home page shows 26, against RATE_LIMIT_MAX's 1,000 a minute per address).
  await registerStatic(app, STATIC_DIR);

  if (config.rateLimit.enabled) {
    await app.register(rateLimit, {
      global: true,
      // Route limits (login, codes, resets) counted in PostgreSQL when nodes share it; in memory on PGlite.
      store: throttleStore(throttleBackend) as never,
      max: config.rateLimit.max,
      timeWindow: config.rateLimit.windowMs,
      // The storefront's server reads content for every page it renders, from one address: with the shared secret,
      // its reads are not counted as one client's (SSR_API_TOKEN; anything but a read is counted as usual).
      allowList: (request) => {
        const token = config.rateLimit.serverToken;
        const given = request.headers[SERVER_TOKEN_HEADER];
        return Boolean(token) && request.method === 'GET' && typeof given === 'string' && sameToken(given, token!);
      },
      errorResponseBuilder: (_request, context) =>
        new ApiError(429, {
          detail: `Request was throttled. Expected available in ${Math.max(1, Math.ceil(context.ttl / 1000))} seconds.`,
        }),
    });
  }

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${config.productName} API`,
        version: '1.0.0',
        description:
          'Accounts with mailed codes and public content (part 1). Errors use Django REST Framework shapes. ' +
          'Authenticate with `Authorization: Token <access>`.',
      },
      servers: [{ url: config.apiBaseUrl }],
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token <access>' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(authPlugin);
  await app.register(recentAuthPlugin);
  for (const { plugin, devOnly } of resourcePlugins) {
    if (devOnly && config.isProduction) continue;
    await app.register(plugin);
  }

  // Staff edits call app.content.invalidate() (content and price pages): a new content version, which every node
  // follows (NOTIFY carries it; a node that reads a newer one from the database first takes it then). Whenever a node
  // drops its content, its price book drops with it. A node's start writes a version too: seeds, or SQL run while it
  // was down, may have changed content.
  const invalidateContentHere = app.content.invalidate;
  app.content.onDrop(() => {
    if (app.hasDecorator('commerce')) app.commerce.catalog.invalidate();
  });
  app.content.invalidate = async () => {
    const version = await invalidateContentHere();
    void events.publish({ type: 'content', version });
    return version;
  };
  events.on(
    'content',
    (event) => void app.content.follow(event.version),
    () => void app.content.follow(),
  );
  app.addHook('onReady', async () => {
    await app.content.invalidate();
  });

  app.get('/health', { schema: { hide: true }, config: { rateLimit: false } }, async () => ({ status: 'ok', database: db.kind }));
  healthRoutes(app, readiness);
  if (metrics) metricsRoute(app, metrics, config.metrics.token);

  return app;
}

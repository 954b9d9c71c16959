// The commerce module (issue 4): builds the shared context (price book, registry, payment providers), then registers
// each resource folder's routes. app.ts registers this one plugin.
import { and, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { lifecycleRoutes } from '../billing/lifecycle-routes';
import { billingRoutes } from '../billing/routes';
import { cartRoutes } from '../cart/routes';
import { carts } from '../db/schema-commerce';
import { eppKeys } from '../domains/epp-codes';
import { domainRoutes } from '../domains/routes';
import { paymentRoutes } from '../payments/routes';
import { staffRoutes } from '../staff/plugin';
import { ticketRoutes } from '../tickets/routes';
import { loadCommerceConfig } from './config';
import { REQUEST_DOCS } from './docs';
import { createCommerce, type CommerceOverrides } from './context';

const VISITOR_CART_DAYS = 30;

export interface CommercePluginOptions extends CommerceOverrides {
  env?: Record<string, string | undefined>;
}

async function commercePlugin(app: FastifyInstance, opts: CommercePluginOptions = {}) {
  const config = loadCommerceConfig(opts.env ?? process.env);
  const mode = { production: app.config.isProduction, paymentProvider: app.config.paymentProvider };
  const commerce = createCommerce(
    app.db.orm,
    app.config.apiBaseUrl,
    config,
    eppKeys(app.config.security),
    { clock: app.clock, announce: (change) => app.events.publish({ type: 'domains', ...change }), ...opts },
    mode,
  );
  if (mode.production && commerce.providers.sandbox) {
    // CONTRACT.md: the sandbox in production only when asked for, and then a warning at every start.
    app.log.warn(
      'PAYMENT_PROVIDER=sandbox in production: payments are approved on the sandbox page without any money moving. ' +
        'Set PAYSTACK_SECRET_KEY (and unset PAYMENT_PROVIDER) to take real payments.',
    );
  }
  app.decorate('commerce', commerce);
  // A name sold or released through another node is taken or free here too (PostgreSQL; one process otherwise).
  app.events.on('domains', (change) => commerce.heard(change), () => commerce.reset());
  // The lifecycle's passes (renewal invoices, expiry, ...) need the price book and the registry: they run in this scope.
  app.jobs.scope = app;
  app.addHook('onReady', async () => {
    await commerce
      .ready()
      .catch((err: unknown) => app.log.warn({ err }, 'could not preload the names sold here'));
    // Visitor carts nobody came back to in 30 days (the cookie's lifetime) are gone for good.
    const cutoff = new Date(app.clock.now().getTime() - VISITOR_CART_DAYS * 24 * 3600 * 1000);
    await app.db.orm
      .delete(carts)
      .where(and(isNull(carts.userId), lt(carts.updatedAt, cutoff)))
      .catch((err: unknown) => app.log.warn({ err }, 'could not prune old visitor carts'));
  });
  // Request bodies and query strings for /docs (and the fuzz test generated from it), kept in one table.
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const extra = REQUEST_DOCS[`${method} ${route.url}`];
      if (extra) route.schema = { ...extra, ...route.schema };
    }
  });
  await app.register(domainRoutes);
  await app.register(cartRoutes);
  await app.register(billingRoutes);
  await app.register(lifecycleRoutes);
  await app.register(paymentRoutes);
  await app.register(ticketRoutes);
  // The operator's console (issue 16): inside commerce, so it sees the price book (app.commerce).
  await app.register(staffRoutes);
}

// fastify-plugin: `app.commerce` is visible app-wide, so work scheduled on the root app (reconcilePendingPayments, the
// job system's passes) reaches the providers and the price book.
export const commerceRoutes = fp(commercePlugin, { name: 'commerce' });

// The commerce module (issue 4): builds the shared context (price book, registry, payment providers), then registers
// each resource folder's routes. app.ts registers this one plugin.
import { and, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { billingRoutes } from '../billing/routes';
import { cartRoutes } from '../cart/routes';
import { carts } from '../db/schema-commerce';
import { domainRoutes } from '../domains/routes';
import { paymentRoutes } from '../payments/routes';
import { staffRoutes } from '../staff/plugin';
import { ticketRoutes } from '../tickets/routes';
import { loadCommerceConfig } from './config';
import { createCommerce, type CommerceOverrides } from './context';

const VISITOR_CART_DAYS = 30;

export interface CommercePluginOptions extends CommerceOverrides {
  env?: Record<string, string | undefined>;
}

export async function commerceRoutes(app: FastifyInstance, opts: CommercePluginOptions = {}) {
  const config = loadCommerceConfig(opts.env ?? process.env);
  const commerce = createCommerce(app.db.orm, app.config.apiBaseUrl, config, { clock: app.clock, ...opts });
  app.decorate('commerce', commerce);
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
  await app.register(domainRoutes);
  await app.register(cartRoutes);
  await app.register(billingRoutes);
  await app.register(paymentRoutes);
  await app.register(ticketRoutes);
  // The operator's console (issue 16): inside commerce, so it sees the price book (app.commerce).
  await app.register(staffRoutes);
}

// The commerce module (issue 4): builds the shared context (price book, registry, payment providers), then registers
// each resource folder's routes. app.ts registers this one plugin.
import type { FastifyInstance } from 'fastify';
import { billingRoutes } from '../billing/routes';
import { cartRoutes } from '../cart/routes';
import { domainRoutes } from '../domains/routes';
import { paymentRoutes } from '../payments/routes';
import { ticketRoutes } from '../tickets/routes';
import { loadCommerceConfig } from './config';
import { createCommerce, type CommerceOverrides } from './context';

export interface CommercePluginOptions extends CommerceOverrides {
  env?: Record<string, string | undefined>;
}

export async function commerceRoutes(app: FastifyInstance, opts: CommercePluginOptions = {}) {
  const config = loadCommerceConfig(opts.env ?? process.env);
  const commerce = createCommerce(app.db.orm, app.config.apiBaseUrl, config, opts);
  app.decorate('commerce', commerce);
  app.addHook('onReady', async () => {
    await commerce
      .ready()
      .catch((err: unknown) => app.log.warn({ err }, 'could not preload the names sold here'));
  });
  await app.register(domainRoutes);
  await app.register(cartRoutes);
  await app.register(billingRoutes);
  await app.register(paymentRoutes);
  await app.register(ticketRoutes);
}

// The operator's console API (issue 16), under /staff/. Every route has a rule in access.ts: the plugin refuses to
// register one without, and answers 404 {detail} to anyone whose role the rule does not list (a visitor, a
// customer, the wrong staff role, a bad token): the staff API does not reveal itself.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors';
import type { AuthUser } from '../types';
import { rolesFor } from './access';
import { staffAccountRoutes } from './accounts';
import { catalogueRoutes } from './catalogue';
import { contentAdminRoutes } from './content';
import { customerRoutes } from './customers';
import { invoiceAdminRoutes } from './invoices';
import { overviewRoutes } from './overview';
import { paymentAdminRoutes } from './payments';
import { serviceAdminRoutes } from './services';
import { ticketAdminRoutes } from './tickets';

/** The staff member of a request that passed the guard. */
export const staffOf = (request: FastifyRequest): AuthUser => request.user!;

export async function staffRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    // Nor is it listed in the public API documentation (/docs).
    route.schema = { ...route.schema, hide: true };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!rolesFor(method, route.url)) {
        throw new Error(`${method} ${route.url} has no rule in api/src/staff/access.ts: add one before the route.`);
      }
    }
  });
  // onRequest: before the body is parsed, so a malformed body from a stranger is a 404 too, not a 400.
  app.addHook('onRequest', async (request, reply) => {
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const roles = rolesFor(method, request.routeOptions.url ?? '');
    try {
      await app.optionalUser.call(app, request, reply);
    } catch {
      throw notFound();
    }
    const user = request.user;
    if (!roles || !user || !roles.includes(user.role as never)) throw notFound();
  });
  await app.register(overviewRoutes);
  await app.register(ticketAdminRoutes);
  await app.register(customerRoutes);
  await app.register(invoiceAdminRoutes);
  await app.register(paymentAdminRoutes);
  await app.register(serviceAdminRoutes);
  await app.register(catalogueRoutes);
  await app.register(contentAdminRoutes);
  await app.register(staffAccountRoutes);
}

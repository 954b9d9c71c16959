// GET /domain/suggestions/, GET /domain/check/{domain}, POST /domain/check-transfer-eligibility/, GET /domain/ and
// one domain's page (manage-routes.ts; another customer's domain is 404).
import { domainToUnicode } from 'node:url';
import { desc, eq } from 'drizzle-orm';
import { doc } from '../commerce/docs';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { textField } from '../commerce/fields';
import { customerDomains } from '../db/schema-commerce';
import { notFound, parseBody, validationError } from '../http/errors';
import { resolveCurrency } from '../money/catalog';
import { domainManageRoutes } from './manage-routes';
import { domainRenewalRoutes } from './renewal-routes';
import { checkOne, suggestions, transferCheck } from './service';

type Query = Record<string, string | undefined>;

function pageOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) < 1)
    throw validationError({ page: 'Enter a page number of 1 or more.' });
  return Number(raw);
}

const TransferBody = v.object({
  domain: textField(2048, 'Enter a domain name.'),
  currency: v.optional(v.unknown()),
});

export function domainRow(d: typeof customerDomains.$inferSelect) {
  return {
    id: d.id,
    domainname: d.domainname,
    // The name as the customer typed it (an IDN in Unicode: bücher.com), for display; domainname stays punycode.
    domainname_unicode: domainToUnicode(d.domainname) || d.domainname,
    paymentmethodname: d.paymentmethodname,
    regperiod: d.regperiod,
    status: d.status,
    nextduedate: d.nextduedate,
    registrationdate: d.registrationDate,
    nameservers: d.nameservers,
    protection: d.protection,
    // Lifecycle (issue 14): the expiry date is the next due date; auto-renew pays it from the wallet. A Cancelled
    // domain was never registered (another order got the name first, the money went back): it expires on no date.
    expirydate: d.status === 'Cancelled' ? null : d.nextduedate,
    auto_renew: d.autoRenew,
  };
}

export async function domainRoutes(app: FastifyInstance) {
  const { commerce } = app;

  app.get(
    '/domain/suggestions/',
    {
      schema: doc(
        'domains',
        'Suggestions for a name: the typed name, the label in every TLD, then variations (10 per page)',
        'none',
      ),
    },
    async (request, reply) => {
      const q = request.query as Query;
      const book = await commerce.catalog.get();
      const currency = resolveCurrency(book, q.currency);
      const page = pageOf(q.page);
      const body = await suggestions(commerce, book, q.domain, currency, page);
      if ((body.suggestions as unknown[]).length === 0) throw notFound('Invalid page.');
      reply.header('cache-control', 'no-store');
      return body;
    },
  );

  app.get(
    '/domain/check/:domain',
    { schema: doc('domains', 'Availability and price of one name', 'none') },
    async (request) => {
      const q = request.query as Query;
      const book = await commerce.catalog.get();
      const currency = resolveCurrency(book, q.currency);
      return checkOne(commerce, book, (request.params as { domain: string }).domain, currency);
    },
  );

  app.post(
    '/domain/check-transfer-eligibility/',
    { schema: doc('domains', 'Can this name be transferred in? Price and reason', 'none') },
    async (request) => {
      const body = parseBody(TransferBody, request.body);
      const book = await commerce.catalog.get();
      const currency = resolveCurrency(book, body.currency);
      return transferCheck(commerce, book, body.domain, currency);
    },
  );

  app.get(
    '/domain/',
    { schema: doc('domains', "The customer's domains", 'required'), preHandler: app.requireUser },
    async (request) => {
      const rows = await app.db.orm
        .select()
        .from(customerDomains)
        .where(eq(customerDomains.userId, request.user!.id))
        .orderBy(desc(customerDomains.id));
      return rows.map(domainRow);
    },
  );

  // GET/PATCH /domain/{id or name}/ and the rest of one domain's page: manage-routes.ts.
  await app.register(domainManageRoutes);
  await app.register(domainRenewalRoutes);
}

// POST/GET /api/cart/, PATCH /api/cart/items/{id}/, POST /api/cart/remove_item/, POST /api/cart/clear_cart/,
// GET /api/vat-calculate/. The server prices every item itself: a price sent by the client is never read.
import { and, count, eq } from 'drizzle-orm';
import { doc } from '../commerce/docs';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { CUSTOM_NAMESERVERS_MIN, MAX_NAMESERVERS } from 'shared/schemas';
import { uniqueViolation } from '../accounts/repository';
import { idField } from '../commerce/fields';
import { cartItems } from '../db/schema-commerce';
import { CART_CHANNEL, CartCache, type CartKey } from './cache';
import { availabilityOf, DOMAIN_SERVICE_ID, requireSellable, unavailableReason } from '../domains/service';
import { eppKeys, sealTransferCode } from '../domains/epp-codes';
import { refuseUnworkableNameservers } from '../domains/manage-repository';
import { loadDnsConfig } from '../dns/config';
import { notFound, parseBody, validationError } from '../http/errors';
import { resolveCurrency } from '../money/catalog';
import { toMajor, vatOf } from '../money/money';
import {
  type CartItem,
  cartView,
  cookieCartId,
  findCart,
  findCartWithItems,
  findOrCreateCart,
  itemsOf,
  itemView,
  mergeVisitorCart,
  priceItem,
  touch,
  MAX_CART_ITEMS,
} from './repository';
import { isRowId, rowIdIn } from '../db';

const HOSTNAME_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const AddItem = v.object({
  service_id: idField('service_id'),
  product_id: idField('product_id'),
  currency: v.optional(v.unknown()),
  metadata: v.optional(
    v.object(
      {
        domain_name: v.optional(v.nullable(v.string('domain_name must be text.'))),
        is_transfer: v.optional(v.nullable(v.boolean('is_transfer must be true or false.'))),
        epp_code: v.optional(
          v.nullable(
            v.pipe(
              v.string('epp_code must be text.'),
              v.maxLength(128, 'An EPP code has at most 128 characters.'),
            ),
          ),
        ),
      },
      'metadata must be an object.',
    ),
    {},
  ),
});

const PatchItem = v.object({
  nameservers: v.optional(
    v.array(v.string('Each nameserver must be text.'), 'nameservers must be a list of host names.'),
  ),
  protection: v.optional(v.boolean('protection must be true or false.')),
});

const RemoveItem = v.object({ item_id: idField('item_id') });

/** Lower-cased host names, or a 400 naming the first bad one. */
export function checkNameservers(list: string[]): string[] {
  if (list.length > MAX_NAMESERVERS)
    throw validationError({ nameservers: `At most ${MAX_NAMESERVERS} nameservers per item.` });
  const out = list.map((raw) => raw.trim().toLowerCase().replace(/\.$/, ''));
  for (const [i, host] of out.entries()) {
    const labels = host.split('.');
    const ok =
      host.length <= 253 &&
      labels.length >= 2 &&
      labels.every((l) => HOSTNAME_LABEL.test(l)) &&
      !/^\d+$/.test(labels.at(-1)!);
    if (!ok)
      throw validationError({
        nameservers: `${JSON.stringify(list[i]!.slice(0, 80))} is not a valid host name, like ns1.example.com.`,
      });
  }
  if (new Set(out).size !== out.length)
    throw validationError({ nameservers: 'The same nameserver is listed twice.' });
  return out;
}

export async function cartRoutes(app: FastifyInstance) {
  const { commerce } = app;
  const db = app.db.orm;
  const secureCookie = app.config.apiBaseUrl.startsWith('https://');
  const codeKey = eppKeys(app.config.security);
  const dns = loadDnsConfig(process.env);

  // GET /api/cart/ reads through this cache; migration 0750's NOTIFY keeps it in step with every write (cache.ts).
  // Embedded (PGlite) only: there the notification arrives before the writing query resolves, and one query costs
  // more than the rest of the request. On PostgreSQL a NOTIFY reaches even this node after the commit has answered, so
  // a checkout (billing's code path) followed at once by a cart read, or a write on another node, could be served the
  // old cart; PostgreSQL answers the read quickly and in parallel, so the database is read every time.
  const cache = new CartCache(app.db.kind === 'pglite');
  if (app.db.kind === 'pglite') {
    try {
      const stop = await app.db.listen(CART_CHANNEL, (payload) => cache.onNotify(payload), () => cache.forgetAll());
      app.addHook('onClose', async () => {
        await stop();
      });
    } catch (err) {
      app.log.warn({ err }, 'cart changes cannot be listened to: carts are read from the database every time');
      cache.disable();
    }
  }
  /** After this process changed a cart: forget it now rather than when the notification arrives. */
  const changed = (cart: { id: string; userId: number | null } | undefined) => {
    if (cart) cache.forget(cart.id, cart.userId);
  };

  // A visitor's cart follows them into their account.
  app.accounts.onLogin(async ({ user, request, reply, tx }) => {
    const visitor = cookieCartId(request);
    if (!visitor) return;
    await mergeVisitorCart(tx, user.id, visitor, app.clock.now());
    cache.forget(visitor, user.id);
    reply.clearCookie('cart_id', { path: '/' });
  });

  app.get(
    '/api/cart/',
    {
      schema: doc('cart', 'The cart (visitor cookie or account), priced in ?currency=', 'optional'),
      preHandler: app.optionalUser,
    },
    async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const book = await commerce.catalog.get();
      const key: CartKey | undefined = request.user
        ? `u:${request.user.id}`
        : ((id) => (id ? (`c:${id}` as const) : undefined))(cookieCartId(request));
      const { cart, items } = key
        ? await cache.read(key, Date.now(), () => findCartWithItems(db, request))
        : { cart: undefined, items: [] };
      const currency = resolveCurrency(book, q.currency, cart?.currency ?? 'USD');
      return cartView(book, cart, items, currency, codeKey);
    },
  );

  app.post(
    '/api/cart/',
    {
      schema: doc('cart', 'Add a domain (service 1) or a hosting plan; the server prices it', 'optional'),
      preHandler: app.optionalUser,
    },
    async (request, reply) => {
      const body = parseBody(AddItem, request.body);
      let book = await commerce.catalog.get();
      const currency = resolveCurrency(book, body.currency);
      const meta = body.metadata;
      const now = app.clock.now();

      let item: Omit<typeof cartItems.$inferInsert, 'cartId' | 'createdAt'>;
      if (body.service_id === DOMAIN_SERVICE_ID) {
        if (!meta.domain_name) throw validationError({ domain_name: 'Enter the domain name to add.' });
        const { name, tld } = requireSellable(book, meta.domain_name, 'domain_name');
        if (tld.id !== body.product_id) {
          const product = book.tldById.get(body.product_id);
          throw validationError({
            product_id: product
              ? `Product ${product.id} is .${product.tld}, but ${name} is .${tld.tld}.`
              : `Unknown domain product ${body.product_id}.`,
          });
        }
        const transfer = meta.is_transfer === true;
        const code = (meta.epp_code ?? '').trim();
        await commerce.ready();
        if (transfer) {
          const check = commerce.takenHere.has(name)
            ? { eligible: false, reason: `${name} is already managed by this store.` }
            : await commerce.registry.transferEligibility(name);
          if (!check.eligible)
            throw validationError({ domain_name: check.reason ?? `${name} is not eligible for transfer.` });
        } else {
          const state = (await availabilityOf(commerce, [name])).get(name);
          if (state !== 'available')
            throw validationError({
              domain_name:
                state === 'unknown'
                  ? `We could not confirm that ${name} is available. Please try again shortly.`
                  : unavailableReason(name, state)!,
            });
        }
        item = {
          serviceId: DOMAIN_SERVICE_ID,
          productId: tld.id,
          kind: transfer ? 'domain_transfer' : 'domain_register',
          domainName: name,
          // Sealed at rest, bound to the name (domains/epp-codes.ts); the customer's cart shows it opened.
          eppCode: transfer && code ? sealTransferCode(codeKey, name, code) : null,
          name: transfer ? `Domain transfer: ${name}` : `Domain registration: ${name}`,
          description: transfer
            ? `Transfer of ${name} with one year of renewal`
            : `${name}, registered for one year`,
        };
      } else {
        let service = book.services.get(body.service_id);
        if (!service) {
          commerce.catalog.invalidate(); // content may have been seeded after the price book was read
          book = await commerce.catalog.get();
          service = book.services.get(body.service_id);
        }
        if (!service || service.type !== 'hosting')
          throw validationError({ service_id: `Unknown service ${body.service_id}.` });
        const plan = book.plans.get(body.product_id);
        if (!plan || plan.serviceId !== service.id)
          throw validationError({ product_id: `Unknown plan ${body.product_id} for ${service.name}.` });
        let domain: string | null = null;
        if (meta.domain_name) domain = requireSellable(book, meta.domain_name, 'domain_name').name;
        item = {
          serviceId: service.id,
          productId: plan.id,
          kind: 'hosting',
          domainName: domain,
          name: `${service.name} - ${plan.name}`,
          description: plan.description,
        };
      }

      const cart = await findOrCreateCart(db, request, reply, currency, now, secureCookie);
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(cartItems)
        .where(eq(cartItems.cartId, cart.id));
      if (n >= MAX_CART_ITEMS)
        throw validationError({ non_field_errors: `A cart holds at most ${MAX_CART_ITEMS} items.` });
      try {
        await db.insert(cartItems).values({ ...item, cartId: cart.id, createdAt: now });
      } catch (err) {
        if (uniqueViolation(err))
          throw validationError({ domain_name: `${item.domainName} is already in your cart.` });
        throw err;
      }
      await touch(db, cart.id, now);
      changed(cart);
      return {
        message: 'Item added to cart successfully.',
        data: cartView(book, cart, await itemsOf(db, cart.id), currency, codeKey),
      };
    },
  );

  /** The item, if it is in the caller's cart; 404 otherwise (another customer's item included). */
  const ownItem = async (request: Parameters<typeof findCart>[1], itemId: number): Promise<CartItem> => {
    const cart = await findCart(db, request);
    if (!cart || !isRowId(itemId)) throw notFound('No such item in your cart.');
    const [item] = await db
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cart.id)));
    if (!item) throw notFound('No such item in your cart.');
    return item;
  };

  app.patch(
    '/api/cart/items/:id/',
    {
      schema: doc('cart', "Set an item's nameservers (at most 2) and domain protection (free)", 'optional'),
      preHandler: app.optionalUser,
    },
    async (request) => {
      const body = parseBody(PatchItem, request.body);
      const item = await ownItem(request, rowIdIn((request.params as { id: string }).id));
      const domainLike = item.kind !== 'hosting' || item.serviceId === 2;
      const set: Partial<CartItem> = {};
      if (body.nameservers !== undefined) {
        if (!domainLike) throw validationError({ nameservers: 'Nameservers can be set on domains only.' });
        set.nameservers = checkNameservers(body.nameservers);
        // A list the new domain will start on (2 or more, see billing/provision) must work there: the domain page's rules.
        if (item.kind !== 'hosting' && set.nameservers.length >= CUSTOM_NAMESERVERS_MIN)
          refuseUnworkableNameservers(set.nameservers, item.domainName, dns.storeNameservers);
      }
      if (body.protection !== undefined) {
        if (!domainLike) throw validationError({ protection: 'Domain protection applies to domains only.' });
        set.protection = body.protection; // free (spec section 9): the price does not change
      }
      const [updated] = Object.keys(set).length
        ? await db.update(cartItems).set(set).where(eq(cartItems.id, item.id)).returning()
        : [item];
      const book = await commerce.catalog.get();
      const cart = await findCart(db, request);
      changed(cart);
      const currency = cart?.currency ?? 'USD';
      return itemView(updated!, priceItem(book, updated!, currency) ?? 0, currency, codeKey);
    },
  );

  app.post(
    '/api/cart/remove_item/',
    { schema: doc('cart', 'Remove one item', 'optional'), preHandler: app.optionalUser },
    async (request) => {
      const body = parseBody(RemoveItem, request.body);
      const item = await ownItem(request, body.item_id);
      await db.delete(cartItems).where(eq(cartItems.id, item.id));
      cache.forget(item.cartId, request.user?.id);
      return { message: 'Item removed successfully' };
    },
  );

  app.post(
    '/api/cart/clear_cart/',
    { schema: doc('cart', 'Empty the cart', 'optional'), preHandler: app.optionalUser },
    async (request) => {
      const cart = await findCart(db, request);
      if (cart) await db.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      changed(cart);
      return { message: 'Cart cleared successfully' };
    },
  );

  app.get(
    '/api/vat-calculate/',
    { schema: doc('cart', "VAT on the caller's cart", 'optional'), preHandler: app.optionalUser },
    async (request) => {
      const q = request.query as Record<string, string | undefined>;
      const cart = await findCart(db, request);
      if (q.cart_id && q.cart_id !== cart?.id) throw notFound('No such cart.');
      const book = await commerce.catalog.get();
      const currency = resolveCurrency(book, q.currency, cart?.currency ?? 'USD');
      const items = cart ? await itemsOf(db, cart.id) : [];
      const subtotal = items.reduce((s, i) => s + (priceItem(book, i, currency) ?? 0), 0);
      const vat = vatOf(subtotal, book.vatPercent);
      return {
        vat_amount: toMajor(vat),
        currency,
        vat_percent: Number(book.vatPercent),
        subtotal: toMajor(subtotal),
        total: toMajor(subtotal + vat),
      };
    },
  );
}

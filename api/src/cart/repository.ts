// Carts: a visitor's lives behind the HttpOnly cookie `cart_id` (its random uuid), a customer's is one row per user.
// Items hold what was chosen; prices are computed from the price book whenever the cart is read or paid.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db';
import { cartItems, carts } from '../db/schema-commerce';
import { openTransferCode, type EppKeys } from '../domains/epp-codes';
import { domainPrice, type PriceBook, planPrice, tldPrice } from '../money/catalog';
import { toMajor } from '../money/money';

export const CART_COOKIE = 'cart_id';
const CART_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type Cart = typeof carts.$inferSelect;
export type CartItem = typeof cartItems.$inferSelect;

export function cookieCartId(request: FastifyRequest): string | undefined {
  const value = (request.cookies as Record<string, string | undefined> | undefined)?.[CART_COOKIE];
  return value && UUID.test(value) ? value : undefined;
}

export function setCartCookie(reply: FastifyReply, id: string, secure: boolean) {
  reply.setCookie(CART_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: CART_COOKIE_MAX_AGE_S,
  });
}

/** The cart this request speaks for: the user's when logged in, else the visitor's cookie cart. */
export async function findCart(ex: Executor, request: FastifyRequest): Promise<Cart | undefined> {
  if (request.user) {
    const [c] = await ex.select().from(carts).where(eq(carts.userId, request.user.id));
    return c;
  }
  const id = cookieCartId(request);
  if (!id) return undefined;
  const [c] = await ex
    .select()
    .from(carts)
    .where(and(eq(carts.id, id), isNull(carts.userId)));
  return c;
}

export async function findOrCreateCart(
  ex: Executor,
  request: FastifyRequest,
  reply: FastifyReply,
  currency: string,
  now: Date,
  secureCookie: boolean,
): Promise<Cart> {
  const existing = await findCart(ex, request);
  if (existing) return existing;
  const id = randomUUID();
  const userId = request.user?.id ?? null;
  await ex
    .insert(carts)
    .values({ id, userId, currency, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  // A user's cart may have been created by a concurrent request (the insert then did nothing): read it back by owner.
  const [cart] = userId
    ? await ex.select().from(carts).where(eq(carts.userId, userId))
    : await ex.select().from(carts).where(eq(carts.id, id));
  if (!cart) throw new Error('cart vanished');
  if (!userId) setCartCookie(reply, cart.id, secureCookie);
  return cart;
}

/** The request's cart and its items in one query (the hot path of GET /api/cart/). */
export async function findCartWithItems(
  ex: Executor,
  request: FastifyRequest,
): Promise<{ cart: Cart | undefined; items: CartItem[] }> {
  const userId = request.user?.id;
  const cookieId = userId ? undefined : cookieCartId(request);
  if (!userId && !cookieId) return { cart: undefined, items: [] };
  const rows = await ex
    .select({ cart: carts, item: cartItems })
    .from(carts)
    .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
    .where(userId ? eq(carts.userId, userId) : and(eq(carts.id, cookieId!), isNull(carts.userId)))
    .orderBy(asc(cartItems.id));
  return { cart: rows[0]?.cart, items: rows.flatMap((r) => (r.item ? [r.item] : [])) };
}

export async function itemsOf(ex: Executor, cartId: string): Promise<CartItem[]> {
  return ex.select().from(cartItems).where(eq(cartItems.cartId, cartId)).orderBy(asc(cartItems.id));
}

/** The price of one item in `currency`, minor units; undefined when its product no longer exists. */
export function priceItem(
  book: PriceBook,
  item: Pick<CartItem, 'kind' | 'productId'> & { domainName?: string | null },
  currency: string,
): number | undefined {
  if (item.kind === 'hosting') {
    const plan = book.plans.get(item.productId);
    return plan ? planPrice(book, plan, currency) : undefined;
  }
  const tld = book.tldById.get(item.productId);
  if (!tld) return undefined;
  const kind = item.kind === 'domain_transfer' ? 'transfer' : 'register';
  // A premium name costs its own price, here and at checkout (priced from the same book).
  return item.domainName ? domainPrice(book, tld, kind, currency, item.domainName) : tldPrice(book, tld, kind, currency);
}

/** A transfer line's code for its customer (stored sealed, domains/epp-codes.ts); '' if it no longer opens (a new key). */
function transferCode(key: EppKeys, item: CartItem): string {
  if (!item.eppCode || !item.domainName) return '';
  try {
    return openTransferCode(key, item.domainName, item.eppCode);
  } catch {
    return '';
  }
}

/** @param key the transfer codes' keys (domains/epp-codes.ts eppKeys) */
export function itemView(item: CartItem, priceMinor: number, currency: string, key: EppKeys) {
  return {
    id: item.id,
    service: item.serviceId,
    price: toMajor(priceMinor),
    currency,
    kind: item.kind,
    metadata: {
      domain_name: item.domainName,
      domain: item.domainName,
      name: item.name,
      description: item.description,
      service: item.serviceId,
      id: item.productId,
      nameservers: item.nameservers,
      is_transfer: item.kind === 'domain_transfer',
      epp_code: transferCode(key, item),
      protection: item.protection,
    },
  };
}

export function cartView(book: PriceBook, cart: Cart | undefined, items: CartItem[], currency: string, key: EppKeys) {
  const priced = items.flatMap((i) => {
    const p = priceItem(book, i, currency);
    return p === undefined ? [] : [itemView(i, p, currency, key)];
  });
  const totalMinor = priced.reduce((s, i) => s + Math.round(i.price * 100), 0);
  return {
    id: cart?.id ?? null,
    currency,
    items: priced,
    item_count: priced.length,
    total: toMajor(totalMinor),
  };
}

export async function touch(ex: Executor, cartId: string, now: Date) {
  await ex.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

/** The most items a cart holds (adding one more is a 400; a visitor's cart merged at login fills it up to this). */
export const MAX_CART_ITEMS = 30;

/**
 * Login hook: the visitor's cart (cookie) joins the user's. The user's cart adopts the visitor's items, skipping a domain
 * it already holds; the visitor cart is then deleted. Runs inside the login transaction.
 */
export async function mergeVisitorCart(
  ex: Executor,
  userId: number,
  visitorCartId: string | undefined,
  now: Date,
): Promise<void> {
  if (!visitorCartId) return;
  const [visitor] = await ex
    .select()
    .from(carts)
    .where(and(eq(carts.id, visitorCartId), isNull(carts.userId)));
  if (!visitor) return;
  const [mine] = await ex.select().from(carts).where(eq(carts.userId, userId));
  if (!mine) {
    await ex.update(carts).set({ userId, updatedAt: now }).where(eq(carts.id, visitor.id));
    return;
  }
  // The visitor's items the customer's cart lacks, oldest first, as many as still fit (the rest go with the visitor's
  // cart: merged without a limit, logging in again and again grew a cart without end).
  await ex.execute(sql`
    UPDATE cart_items SET cart_id = ${mine.id}
    WHERE id IN (
      SELECT v.id FROM cart_items v
      WHERE v.cart_id = ${visitor.id}
        AND NOT (v.kind <> 'hosting' AND EXISTS (
          SELECT 1 FROM cart_items m WHERE m.cart_id = ${mine.id} AND m.kind <> 'hosting' AND m.domain_name = v.domain_name))
      ORDER BY v.id
      LIMIT GREATEST(0, ${MAX_CART_ITEMS} - (SELECT count(*) FROM cart_items m WHERE m.cart_id = ${mine.id})))`);
  await ex.delete(carts).where(eq(carts.id, visitor.id));
  await touch(ex, mine.id, now);
}

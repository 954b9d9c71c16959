// Carts recently read, kept in memory so that GET /api/cart/ (asked on every page for the header's count) costs no
// database query: on the embedded database one query costs more than the whole rest of the request.
//
// Coherence: migration 0750 makes every change to `carts` or `cart_items`, by any code path and any API node, send
// NOTIFY 'cart_changed' at commit with the cart's id and owner; the cache forgets those entries. PGlite delivers
// notifications before the committing query resolves, so there the cache is never behind. It is used on the embedded
// database only: on PostgreSQL a notification arrives after the commit has answered (a read right after a checkout
// could see the old cart), and PostgreSQL serves the read itself quickly and in parallel (cart/routes.ts). An entry
// also expires after CART_CACHE_TTL_MS whatever happens.
//
// A read that started before an invalidation is not stored (the epoch moved on): it may have seen the old rows.
import type { Cart, CartItem } from './repository';

export const CART_CHANNEL = 'cart_changed';
export const CART_CACHE_TTL_MS = 30_000;
const CART_CACHE_MAX = 20_000;

export interface CartRead {
  cart: Cart | undefined;
  items: CartItem[];
}

/** 'u:<user id>' for a customer's cart, 'c:<cart id>' for a visitor's. */
export type CartKey = `u:${number}` | `c:${string}`;

export class CartCache {
  private readonly entries = new Map<CartKey, { value: CartRead; until: number }>();
  private epoch = 0;
  /** Reads answered from memory / from the database, for tests and logs. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    private enabled = true,
    private readonly ttlMs = CART_CACHE_TTL_MS,
  ) {}

  /** The cached read of `key`, or `load()`'s answer (kept unless something changed meanwhile). */
  async read(key: CartKey, now: number, load: () => Promise<CartRead>): Promise<CartRead> {
    if (this.enabled) {
      const hit = this.entries.get(key);
      if (hit && hit.until > now) {
        this.stats.hits++;
        return hit.value;
      }
    }
    this.stats.misses++;
    const epoch = this.epoch;
    const value = await load();
    if (this.enabled && epoch === this.epoch) {
      if (this.entries.size >= CART_CACHE_MAX) this.entries.clear();
      this.entries.set(key, { value, until: now + this.ttlMs });
    }
    return value;
  }

  /** A 'cart_changed' payload: '<cart id> <user id or empty>', or '*' for everything. */
  onNotify(payload: string): void {
    if (payload === '*' || payload === '') return this.forgetAll();
    const [cartId, userId] = payload.split(' ');
    this.forget(cartId, userId ? Number(userId) : undefined);
  }

  forget(cartId: string | undefined, userId?: number | null): void {
    this.epoch++;
    if (cartId) this.entries.delete(`c:${cartId}`);
    if (userId != null) this.entries.delete(`u:${userId}`);
  }

  forgetAll(): void {
    this.epoch++;
    this.entries.clear();
  }

  /** Stops caching (when change notifications cannot be received). */
  disable(): void {
    this.enabled = false;
    this.forgetAll();
  }
}

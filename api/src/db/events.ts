// Events every node of a cluster must see (issue 18): a revoked session (evict it from each node's token cache) and
// edited content (drop each node's content and price caches). On PostgreSQL they travel as NOTIFY on one channel,
// heard by every node's dedicated LISTEN connection (db/listen.ts, which reconnects). NOTIFY has no replay: when the
// listener comes back after a cut, every subscriber's `reset` runs (clear the whole cache), as anything may have
// been missed meanwhile. On the embedded database (one process) publishing does nothing: the caller has already
// acted on its own process, which is the only one.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './index';

export const EVENTS_CHANNEL = 'storefront_events';

export type ClusterEvent =
  | { type: 'session'; sessionId?: number; userId?: number }
  // Content written (content/routes.ts): every node drops its content and price caches and gives this version.
  | { type: 'content'; version?: string }
  // Domain names registered or released on one node: the others stop (or start) offering them (commerce/plugin.ts).
  | { type: 'domains'; registered?: string[]; released?: string[] }
  // The development time machine moved (jobs/dev-routes.ts): every node's clock follows.
  | { type: 'clock'; offsetMs: number };

type Handler<T extends ClusterEvent['type']> = (event: Extract<ClusterEvent, { type: T }>) => void;

export class ClusterEvents {
  private readonly handlers: { type: string; handle: (e: ClusterEvent) => void; reset: () => void }[] = [];
  private stopListening: (() => Promise<void>) | null = null;
  /** Notifications heard and reconnections of the listener, for tests and /metrics. */
  readonly stats = { received: 0, reconnects: 0, published: 0 };

  constructor(
    private readonly db: Pick<Database, 'kind' | 'orm' | 'listen'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {}

  /** Whether events cross processes (PostgreSQL). */
  get shared(): boolean {
    return this.db.kind === 'postgres';
  }

  /** `handle` for each event of `type` published by any node (this one included); `reset` after a listener cut. */
  on<T extends ClusterEvent['type']>(type: T, handle: Handler<T>, reset: () => void): void {
    this.handlers.push({ type, handle: handle as (e: ClusterEvent) => void, reset });
  }

  /** Tells every other node. Never throws: a lost event costs at most the cache lifetime of what it evicts. */
  async publish(event: ClusterEvent): Promise<void> {
    if (!this.shared) return;
    try {
      await this.db.orm.execute(sql`SELECT pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
      this.stats.published++;
    } catch (err) {
      this.log.error({ err, event }, 'could not publish a cluster event');
    }
  }

  async start(): Promise<void> {
    if (!this.shared || this.stopListening) return;
    this.stopListening = await this.db.listen(
      EVENTS_CHANNEL,
      (payload) => {
        this.stats.received++;
        let event: ClusterEvent;
        try {
          event = JSON.parse(payload) as ClusterEvent;
        } catch {
          return;
        }
        for (const h of this.handlers) if (h.type === event.type) h.handle(event);
      },
      () => {
        this.stats.reconnects++;
        this.log.warn({ channel: EVENTS_CHANNEL }, 'event listener reconnected: caches cleared');
        for (const h of this.handlers) h.reset();
      },
    );
  }

  async stop(): Promise<void> {
    const stop = this.stopListening;
    this.stopListening = null;
    await stop?.();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    events: ClusterEvents;
  }
}

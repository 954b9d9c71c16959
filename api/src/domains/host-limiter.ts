/**
 * Politeness towards each registry server (RDAP or WHOIS host): at most `maxParallel` lookups in flight per host, the
 * others wait their turn; after a 429 (RFC 7480 section 5.5, RFC 6585) the host is left alone until its `Retry-After`
 * has passed, or, without one, for a delay that doubles with each refusal in a row. While a host is backing off,
 * lookups on it answer at once without a request (the caller turns that into 'unknown').
 */
export interface HostLimiterOptions {
  /** Lookups in flight per host. */
  maxParallel?: number;
  /** Lookups waiting per host beyond which new ones give up at once (a search must not queue for minutes). */
  maxQueue?: number;
  /** How long a lookup may wait for a slot before giving up ('unknown'): a slow server must not hold a search. */
  maxWaitMs?: number;
  /** First back-off when a 429 carries no usable Retry-After; doubles on each 429 in a row. */
  baseBackoffMs?: number;
  /** Longest back-off, whatever Retry-After says (a server asking for a day would switch the TLD off for a day). */
  maxBackoffMs?: number;
  /** Real time (back-offs are about the remote server's clock, not the store's business clock). */
  now?: () => number;
}

interface HostState {
  active: number;
  queue: (() => void)[];
  blockedUntil: number;
  strikes: number;
}

/** Returned by `run` instead of calling the lookup: the host is backing off or its queue is full. */
export const SKIPPED = Symbol('skipped');

/**
 * Reads an HTTP `Retry-After` value (RFC 9110 section 10.2.3): delay-seconds or an HTTP-date. Returns milliseconds
 * from `now`, or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

export class HostLimiter {
  private readonly hosts = new Map<string, HostState>();
  private readonly maxParallel: number;
  private readonly maxQueue: number;
  private readonly maxWaitMs: number;
  private readonly baseBackoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly now: () => number;

  constructor(options: HostLimiterOptions = {}) {
    this.maxParallel = options.maxParallel ?? 4;
    this.maxQueue = options.maxQueue ?? 100;
    this.maxWaitMs = options.maxWaitMs ?? 5_000;
    this.baseBackoffMs = options.baseBackoffMs ?? 5_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 15 * 60_000;
    this.now = options.now ?? Date.now;
  }

  private state(host: string): HostState {
    let s = this.hosts.get(host);
    if (!s) {
      s = { active: 0, queue: [], blockedUntil: 0, strikes: 0 };
      this.hosts.set(host, s);
    }
    return s;
  }

  /** Milliseconds until `host` may be asked again (0 when it may be asked now). */
  backingOffFor(host: string): number {
    const s = this.hosts.get(host);
    return s ? Math.max(0, s.blockedUntil - this.now()) : 0;
  }

  /** Lookups on `host` in flight now (for tests and metrics). */
  inFlight(host: string): number {
    return this.hosts.get(host)?.active ?? 0;
  }

  /** Runs `fn` in one of `host`'s slots, or answers SKIPPED without running it. */
  async run<T>(host: string, fn: () => Promise<T>): Promise<T | typeof SKIPPED> {
    const s = this.state(host);
    if (this.backingOffFor(host) > 0) return SKIPPED;
    if (s.active >= this.maxParallel) {
      if (s.queue.length >= this.maxQueue) return SKIPPED;
      const gotSlot = await new Promise<boolean>((resolve) => {
        const waiter = () => {
          clearTimeout(timer);
          resolve(true);
        };
        const timer = setTimeout(() => {
          const i = s.queue.indexOf(waiter);
          if (i >= 0) s.queue.splice(i, 1);
          resolve(false);
        }, this.maxWaitMs);
        timer.unref?.();
        s.queue.push(waiter);
      });
      if (!gotSlot) return SKIPPED;
      // The slot was handed over by the lookup that finished (active was not decremented for us).
      if (this.backingOffFor(host) > 0) {
        this.release(s);
        return SKIPPED;
      }
    } else {
      s.active++;
    }
    try {
      return await fn();
    } finally {
      this.release(s);
    }
  }

  private release(s: HostState): void {
    const next = s.queue.shift();
    if (next) next();
    else s.active--;
  }

  /** A 429 (or a 503 with Retry-After) from `host`: stop asking it for a while. Returns the back-off in ms. */
  backOff(host: string, retryAfter?: string | null): number {
    const s = this.state(host);
    s.strikes++;
    const asked = parseRetryAfter(retryAfter, this.now());
    const delay = Math.min(
      this.maxBackoffMs,
      Math.max(1000, asked ?? this.baseBackoffMs * 2 ** Math.min(s.strikes - 1, 10)),
    );
    s.blockedUntil = Math.max(s.blockedUntil, this.now() + delay);
    return delay;
  }

  /** A normal answer from `host`: the next 429 starts the doubling again. */
  succeeded(host: string): void {
    const s = this.hosts.get(host);
    if (s) s.strikes = 0;
  }
}

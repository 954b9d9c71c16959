import { HostLimiter, SKIPPED } from './host-limiter';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('HostLimiter', () => {
  it('runs at most maxParallel per host, hands slots over in order, and lets other hosts through', async () => {
    const limiter = new HostLimiter({ maxParallel: 2 });
    const order: string[] = [];
    const job = (name: string, ms: number) => async () => {
      order.push(`start ${name}`);
      await sleep(ms);
      order.push(`end ${name}`);
      return name;
    };
    const results = await Promise.all([
      limiter.run('a', job('a1', 40)),
      limiter.run('a', job('a2', 40)),
      limiter.run('a', job('a3', 10)),
      limiter.run('b', job('b1', 10)),
    ]);
    expect(results).toEqual(['a1', 'a2', 'a3', 'b1']);
    // a3 starts only after a1 or a2 ended; b1 did not wait for host a.
    expect(order.indexOf('start a3')).toBeGreaterThan(order.indexOf('end a1'));
    expect(order.indexOf('start b1')).toBeLessThan(order.indexOf('end a1'));
    expect(limiter.inFlight('a')).toBe(0);
  });

  it('gives up on a slot after maxWaitMs instead of holding the search', async () => {
    const limiter = new HostLimiter({ maxParallel: 1, maxWaitMs: 50 });
    const slow = limiter.run('a', () => sleep(300).then(() => 'slow'));
    const started = Date.now();
    expect(await limiter.run('a', () => Promise.resolve('waited'))).toBe(SKIPPED);
    expect(Date.now() - started).toBeLessThan(250);
    expect(await slow).toBe('slow');
    expect(await limiter.run('a', () => Promise.resolve('next'))).toBe('next'); // the slot came back
    expect(limiter.inFlight('a')).toBe(0);
  });

  it('refuses at once while a host backs off, and when its queue is full', async () => {
    let now = 0;
    const limiter = new HostLimiter({ maxParallel: 1, maxQueue: 1, now: () => now });
    limiter.backOff('a', '10');
    expect(await limiter.run('a', () => Promise.resolve(1))).toBe(SKIPPED);
    now += 10_001;
    const first = limiter.run('b', () => sleep(30).then(() => 1));
    const queued = limiter.run('b', () => Promise.resolve(2));
    expect(await limiter.run('b', () => Promise.resolve(3))).toBe(SKIPPED);
    expect([await first, await queued]).toEqual([1, 2]);
    expect(await limiter.run('a', () => Promise.resolve(4))).toBe(4);
  });
});

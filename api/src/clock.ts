// Time comes from one injectable clock so tests can move it (token expiry, code expiry) without waiting.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | number = Date.now()) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  set(to: Date | number): void {
    this.t = typeof to === 'number' ? to : to.getTime();
  }
}

/** A clock the development time machine can move forwards (POST /dev/clock). */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export const isAdjustable = (clock: Clock): clock is AdjustableClock =>
  typeof (clock as Partial<AdjustableClock>).advance === 'function';

/**
 * The development clock: the wall clock plus an offset that only grows. server.ts loads the offset from the database
 * (dev_clock) at start-up and the time machine stores it there, so a restart keeps the same "now" and nothing in the
 * lifecycle runs twice. A worker process reads it again before each pass (`offsetMs` setter).
 */
export class OffsetClock implements AdjustableClock {
  offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    if (!(ms >= 0)) throw new RangeError('the clock only moves forwards');
    this.offsetMs += ms;
  }
}

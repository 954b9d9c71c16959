// The development time machine and job runner (CONTRACT.md, round 2); registered only outside production, so both
// answer 404 there. GET/POST /dev/clock moves app.clock forwards (never back); POST /dev/jobs/run runs every pass at
// the clock's now and works the queues they fed until empty.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { isAdjustable, OffsetClock } from '../clock';
import { devClock } from '../db/schema-lifecycle';
import { ApiError } from '../http/errors';

const HOUR_MS = 3_600_000;
/** The furthest the time machine goes: dates stay four-digit years (and valid) in ISO text, mail and the database. */
const LAST_MOMENT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function amount(body: Record<string, unknown>, field: string): number {
  const value = body[field];
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new ApiError(400, { [field]: ['A valid number is required.'] });
  if (value < 0) throw new ApiError(400, { [field]: ['The clock cannot move backwards.'] });
  if (value > 36_500) throw new ApiError(400, { [field]: ['Ensure this value is less than or equal to 36500.'] });
  return value;
}

export const devJobRoutes: FastifyPluginAsync = async (app) => {
  const tags = ['development'];
  // Moved through another node of a cluster: this one's "now" follows (never back). After a missed event, the stored
  // offset is read again.
  const follow = (offsetMs: number) => {
    if (app.clock instanceof OffsetClock && offsetMs > app.clock.offsetMs) app.clock.offsetMs = offsetMs;
  };
  app.events.on(
    'clock',
    (event) => follow(event.offsetMs),
    () => {
      if (app.clock instanceof OffsetClock) void app.db.orm.select().from(devClock).then(([row]) => row && follow(row.offsetMs), () => {});
    },
  );
  app.get('/dev/clock', { schema: { tags, summary: "The server's clock (time machine)" }, config: { rateLimit: false } }, async () => ({
    now: app.clock.now().toISOString(),
  }));

  app.post(
    '/dev/clock',
    {
      schema: {
        tags,
        summary: 'Move the clock forwards: {advance_days?, advance_hours?}; backwards is refused',
        body: { type: 'object', properties: { advance_days: { type: 'number' }, advance_hours: { type: 'number' } } },
      },
      config: { rateLimit: false },
    },
    async (request) => {
      const raw = request.body;
      if (raw !== undefined && (raw === null || typeof raw !== 'object' || Array.isArray(raw)))
        throw new ApiError(400, { non_field_errors: ['Invalid data. Expected a dictionary.'] });
      const body = (raw ?? {}) as Record<string, unknown>;
      const ms = Math.round((amount(body, 'advance_days') * 24 + amount(body, 'advance_hours')) * HOUR_MS);
      const clock = app.clock;
      if (!isAdjustable(clock))
        throw new ApiError(400, { non_field_errors: ['This server runs on the wall clock; it cannot be moved.'] });
      if (clock.now().getTime() + ms > LAST_MOMENT_MS)
        throw new ApiError(400, { non_field_errors: ['The clock cannot move past the year 9999.'] });
      if (ms > 0 && clock instanceof OffsetClock) {
        // Added in the database, not written from this node's offset: in a cluster another node may have moved it
        // meanwhile (its offset here would be behind and move the stored clock back). Every node takes the new one.
        const [row] = await app.db.orm
          .insert(devClock)
          .values({ id: 1, offsetMs: clock.offsetMs + ms })
          .onConflictDoUpdate({ target: devClock.id, set: { offsetMs: sql`${devClock.offsetMs} + ${ms}` } })
          .returning({ offsetMs: devClock.offsetMs });
        clock.offsetMs = Math.max(clock.offsetMs, row!.offsetMs);
        await app.events.publish({ type: 'clock', offsetMs: row!.offsetMs });
      } else if (ms > 0) clock.advance(ms);
      return { now: clock.now().toISOString() };
    },
  );

  app.post(
    '/dev/jobs/run',
    { schema: { tags, summary: 'Run every due pass at the clock’s now; wait until the queues they fed are empty' }, config: { rateLimit: false } },
    async () => ({ ran: await app.jobs.runDue() }),
  );
};

/** server.ts: the offset the time machine stored, so a restart keeps the same "now". */
export async function loadClockOffset(db: import('../db').Database, clock: OffsetClock): Promise<void> {
  const [row] = await db.orm.select().from(devClock);
  if (row) clock.offsetMs = row.offsetMs;
}

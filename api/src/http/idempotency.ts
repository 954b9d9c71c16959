// Idempotency keys (the IETF draft 'The Idempotency-Key HTTP Header Field', as payment APIs use it): a client that may
// send one request twice (a retry after a lost answer, a double click) sends the same `Idempotency-Key` with both; the
// first is done and its answer kept, the repeat gets that answer again (`Idempotent-Replayed: true`) and changes
// nothing. The key is claimed inside the request's own transaction, so a repeat sent while the first is still under
// way waits for it (the row's unique index) and gets its answer; a first that fails leaves no claim.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Executor } from '../db';
import { detailError } from './errors';
import { rowsOf } from '../db';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** How long a key is remembered: a repeat later than this is a new request. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  reused: 'This Idempotency-Key was used for a different request: send a new key with each new request.',
};

/** The request's Idempotency-Key, or undefined when it sent none; a 400 when it sent one that cannot be a key. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(raw)) throw detailError(400, IDEMPOTENCY_MESSAGES.badKey);
  return raw;
}

export interface Answer {
  status: number;
  body: unknown;
}

/**
 * Runs `work` in `tx` once per `key` of `scope` (one staff member's, say) within IDEMPOTENCY_TTL_MS: the first time,
 * keeping its answer in the same transaction; a repeat with the same `request` (what was asked: route, target and
 * body) gets the kept answer with `replayed`; one with another request is refused (422). No key: just `work`.
 */
export async function once(
  tx: Executor,
  opts: { scope: string; key: string | undefined; request: unknown; now: Date },
  work: () => Promise<Answer>,
): Promise<Answer & { replayed: boolean }> {
  const { scope, key, now } = opts;
  if (key === undefined) return { ...(await work()), replayed: false };
  const fingerprint = createHash('sha256').update(JSON.stringify(opts.request)).digest('hex');
  const forgotten = new Date(now.getTime() - IDEMPOTENCY_TTL_MS);
  // Claimed, or taken over from a claim older than the TTL; nothing when someone else's live claim holds it (after
  // waiting for its transaction, if one is under way).
  const claimed = rowsOf<{ key: string }>(
    await tx.execute(sql`
      INSERT INTO idempotency_keys (scope, key, fingerprint, created_at) VALUES (${scope}, ${key}, ${fingerprint}, ${now.toISOString()})
      ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, body = NULL, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.created_at < ${forgotten.toISOString()}
      RETURNING key`),
  );
  if (claimed.length === 0) {
    const [kept] = rowsOf<{ fingerprint: string; status: number | null; body: unknown }>(
      await tx.execute(sql`SELECT fingerprint, status, body FROM idempotency_keys WHERE scope = ${scope} AND key = ${key}`),
    );
    if (!kept || kept.fingerprint !== fingerprint) throw detailError(422, IDEMPOTENCY_MESSAGES.reused);
    // Claimed and answered in one transaction: a claim seen from another is always answered.
    if (kept.status === null) throw new Error(`idempotency key ${scope}/${key} has no answer`);
    return { status: kept.status, body: typeof kept.body === 'string' ? JSON.parse(kept.body) : kept.body, replayed: true };
  }
  const answer = await work();
  await tx.execute(sql`UPDATE idempotency_keys SET status = ${answer.status}, body = ${JSON.stringify(answer.body)}::jsonb WHERE scope = ${scope} AND key = ${key}`);
  return { ...answer, replayed: false };
}

/** Sends what `once` gave, saying whether it is a replay. */
export function sendAnswer(reply: FastifyReply, answer: Answer & { replayed: boolean }) {
  if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
  return reply.code(answer.status).send(answer.body);
}

/** The scheduled purge of keys older than IDEMPOTENCY_TTL_MS (app.ts scheduledPasses): how many it deleted. */
export async function purgeIdempotencyKeys(ex: Executor, now: Date): Promise<number> {
  const gone = rowsOf<{ key: string }>(
    await ex.execute(sql`DELETE FROM idempotency_keys WHERE created_at < ${new Date(now.getTime() - IDEMPOTENCY_TTL_MS).toISOString()} RETURNING key`),
  );
  return gone.length;
}

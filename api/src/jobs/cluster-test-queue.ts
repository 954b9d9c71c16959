// A queue for the cluster suite only (cluster/jobs.cluster.mjs), on the real job system: enabled by
// CLUSTER_TEST_QUEUE=1, never in production. Each job carries a key; its handler records the attempt, then the result
// under the key's unique constraint (ON CONFLICT DO NOTHING), so a job delivered twice (pg-boss is at-least-once: a
// worker killed mid-batch leaves jobs that expire and run again elsewhere) still takes effect exactly once.
// The suite creates both tables before it enqueues; this queue adds no migration.
import { sql } from 'drizzle-orm';
import type { QueueDefinition } from './system';

export const CLUSTER_TEST_QUEUE = 'cluster-test';

export const clusterTestQueueEnabled = (env: Record<string, string | undefined> = process.env): boolean =>
  env.CLUSTER_TEST_QUEUE === '1' && env.NODE_ENV !== 'production';

export const clusterTestQueue: QueueDefinition = {
  name: CLUSTER_TEST_QUEUE,
  // A job whose worker died is expired after 5 s and retried (after 1 s) by a live worker.
  options: { retryLimit: 10, retryDelay: 1, expireInSeconds: 5 },
  // Fetch again at once while batches come back full: 1,000 jobs in seconds, not at 5 per poll.
  workOptions: { batchSize: 20, pollingIntervalSeconds: 1, burstWhenBatchFull: true },
  async work(app, data) {
    const key = String(data.key);
    // A job takes a few milliseconds, like real work: on an idle machine one worker would otherwise drain all 1,000
    // before the other's first poll, and the suite could not kill a worker that holds jobs.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.db.orm.execute(sql`INSERT INTO cluster_test_attempts (key, pid) VALUES (${key}, ${process.pid})`);
    await app.db.orm.execute(
      sql`INSERT INTO cluster_test_done (key, pid) VALUES (${key}, ${process.pid}) ON CONFLICT (key) DO NOTHING`,
    );
  },
};

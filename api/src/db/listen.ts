// LISTEN on PostgreSQL with one dedicated connection that comes back after a restart or a network cut. NOTIFY has no
// replay, so `onReconnect` is called after every reconnection: the listener must assume it missed something.
import type { Notification } from 'pg';

export interface Listener {
  close(): Promise<void>;
}

const HEARTBEAT_MS = 30_000;
const HEARTBEAT_TIMEOUT_MS = 10_000;

export async function listenPostgres(
  databaseUrl: string,
  channel: string,
  onNotify: (payload: string) => void,
  onReconnect: () => void,
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  const pg = await import('pg');
  const Client = pg.default?.Client ?? pg.Client;
  let closed = false;
  let client: InstanceType<typeof Client> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    // Named, so an operator (or a test) finds it in pg_stat_activity. TCP keepalive, and the heartbeat below: a
    // half-open connection (a balancer's idle timeout, a failover without a reset) raises no error by itself.
    const c = new Client({
      connectionString: databaseUrl,
      application_name: `listen:${channel}`,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    c.on('notification', (m: Notification) => {
      if (m.channel === channel) onNotify(m.payload ?? '');
    });
    c.on('error', () => retry(c));
    c.on('end', () => retry(c));
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const retry = (c: InstanceType<typeof Client>) => {
    if (closed || client !== c || timer) return;
    client = null;
    c.end().catch(() => {});
    const again = (delay: number) => {
      timer = setTimeout(() => {
        timer = null;
        if (closed) return;
        connect().then(onReconnect, () => again(Math.min(delay * 2, 10_000)));
      }, delay);
      timer.unref();
    };
    again(250);
  };

  await connect();
  // Asks the connection something every HEARTBEAT_MS; no answer within HEARTBEAT_TIMEOUT_MS counts as a cut.
  const heartbeat = setInterval(() => {
    const c = client;
    if (!c || closed) return;
    const silent = setTimeout(() => retry(c), HEARTBEAT_TIMEOUT_MS);
    silent.unref();
    c.query('SELECT 1').then(
      () => clearTimeout(silent),
      () => {
        clearTimeout(silent);
        retry(c);
      },
    );
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    async close() {
      closed = true;
      clearInterval(heartbeat);
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

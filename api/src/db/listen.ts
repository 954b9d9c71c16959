// LISTEN on PostgreSQL with one dedicated connection that comes back after a restart or a network cut. NOTIFY has no
// replay, so `onReconnect` is called after every reconnection: the listener must assume it missed something.
import type { Notification } from 'pg';

export interface Listener {
  close(): Promise<void>;
}

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
    // Named, so an operator (or a test) finds it in pg_stat_activity.
    const c = new Client({ connectionString: databaseUrl, application_name: `listen:${channel}` });
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
  return {
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

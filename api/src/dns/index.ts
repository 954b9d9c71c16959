// The DNS service as the API process runs it: the zone store (loaded, listening for changes) and the UDP/TCP server.
import type { Database } from '../db';
import type { DnsConfig } from './config';
import { RESPONSE_RATE_LIMIT, startDnsServer, type DnsServer } from './server';
import { ZoneStore } from './zones';

export interface DnsService {
  zones: ZoneStore;
  server: DnsServer;
  close(): Promise<void>;
}

export async function startDns(opts: {
  db: Database;
  config: Pick<DnsConfig, 'host' | 'port' | 'storeNameservers'> & Partial<Pick<DnsConfig, 'responsesPerSecond'>>;
  log?: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}): Promise<DnsService> {
  const zones = new ZoneStore(opts.db, { storeNameservers: opts.config.storeNameservers, log: opts.log });
  await zones.start();
  let server: DnsServer;
  try {
    const perSecond = opts.config.responsesPerSecond ?? RESPONSE_RATE_LIMIT.perSecond;
    const rateLimit = perSecond > 0 ? { ...RESPONSE_RATE_LIMIT, perSecond } : null;
    server = await startDnsServer({ host: opts.config.host, port: opts.config.port, zones, log: opts.log, rateLimit });
  } catch (err) {
    await zones.close();
    throw err;
  }
  return {
    zones,
    server,
    async close() {
      await server.close();
      await zones.close();
    },
  };
}

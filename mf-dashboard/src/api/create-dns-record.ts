import { api } from 'shared/api-client';
import { dnsRecordSchema, domainPath, type DnsRecord } from './domain-schemas';

export type DnsRecordBody = Record<'name' | 'type' | 'ttl' | 'value' | 'priority' | 'flags' | 'tag', string>;

/** POST domain/{domain}/records/: adds a record (the API checks every rule and answers per field). */
export function createDnsRecord(domain: string, body: DnsRecordBody): Promise<DnsRecord> {
  return api.post(`${domainPath(domain)}records/`, { json: body }).json(dnsRecordSchema);
}

import { api } from 'shared/api-client';
import type { DnsRecordInput } from 'shared/schemas';
import { dnsRecordSchema, domainPath, type DnsRecord } from './domain-schemas';

/** A record as the shared schema leaves it (the API checks it again and answers per field). */
export type DnsRecordBody = DnsRecordInput;

/** POST domain/{domain}/records/: adds a record (the API checks every rule and answers per field). */
export function createDnsRecord(domain: string, body: DnsRecordBody): Promise<DnsRecord> {
  return api.post(`${domainPath(domain)}records/`, { json: body }).json(dnsRecordSchema);
}

import { api } from 'shared/api-client';
import type { DnsRecordBody } from './create-dns-record';
import { dnsRecordSchema, domainPath, type DnsRecord } from './domain-schemas';

/** PATCH domain/{domain}/records/{id}/: changes a record. */
export function updateDnsRecord(domain: string, id: number, body: DnsRecordBody): Promise<DnsRecord> {
  return api.patch(`${domainPath(domain)}records/${id}/`, { json: body }).json(dnsRecordSchema);
}

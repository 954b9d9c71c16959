import { api } from 'shared/api-client';
import { dnsRecordsSchema, domainPath, type DnsRecord } from './domain-schemas';

/** GET domain/{domain}/records/: the domain's DNS records. */
export function getDnsRecords(domain: string): Promise<DnsRecord[]> {
  return api.get(`${domainPath(domain)}records/`).json(dnsRecordsSchema);
}

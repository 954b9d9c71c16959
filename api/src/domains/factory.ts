import fs from 'node:fs';
import type { Clock } from '../clock';
import type { CommerceConfig } from '../commerce/config';
import shipped from './dns.json';
import { parseRdapBootstrap } from './rdap-bootstrap';
import { RdapRegistry, type RdapBootstrap } from './rdap-registry';
import type { DomainRegistry } from './registry';
import { SimulatedRegistry } from './simulated-registry';
import { loadWhoisServers } from './whois';

/**
 * The registry chosen by DOMAIN_REGISTRY: the simulation of CONTRACT.md (default) or RDAP (WHOIS for TLDs without
 * RDAP) starting from the bundled bootstrap file; refreshRdapBootstrap (rdap-bootstrap.ts) keeps it current.
 */
export function createRegistry(config: CommerceConfig, clock?: Clock): DomainRegistry {
  const today = clock ? () => clock.now().getTime() : undefined;
  if (config.registry === 'rdap') {
    const bootstrap = config.rdapBootstrapFile
      ? parseRdapBootstrap(JSON.parse(fs.readFileSync(config.rdapBootstrapFile, 'utf8')))
      : (shipped as unknown as RdapBootstrap);
    return new RdapRegistry({
      bootstrap,
      timeoutMs: config.rdapTimeoutMs,
      today,
      limits: { maxParallel: config.rdapMaxParallel },
      whoisServers: loadWhoisServers(config.whoisServersFile),
    });
  }
  return new SimulatedRegistry({ now: today });
}

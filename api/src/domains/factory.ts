import fs from 'node:fs';
import type { CommerceConfig } from '../commerce/config';
import shipped from './dns.json';
import { RdapRegistry, type RdapBootstrap } from './rdap-registry';
import type { DomainRegistry } from './registry';
import { SimulatedRegistry } from './simulated-registry';

/** The registry chosen by DOMAIN_REGISTRY: the simulation of CONTRACT.md (default) or RDAP with the shipped bootstrap. */
export function createRegistry(config: CommerceConfig): DomainRegistry {
  if (config.registry === 'rdap') {
    const bootstrap = config.rdapBootstrapFile
      ? (JSON.parse(fs.readFileSync(config.rdapBootstrapFile, 'utf8')) as RdapBootstrap)
      : (shipped as unknown as RdapBootstrap);
    return new RdapRegistry({ bootstrap, timeoutMs: config.rdapTimeoutMs });
  }
  return new SimulatedRegistry();
}

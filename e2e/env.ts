// Ports and settings of the stack under test (see playwright.config.ts).
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const storefrontPort = port('E2E_STOREFRONT_PORT', 4000);
const apiPort = port('E2E_API_PORT', 4800);
// The stack's authoritative DNS server (UDP and TCP); beside the API's port unless told, so parallel runs do not meet.
const dnsPort = port('E2E_DNS_PORT', apiPort + 53);
const remotePorts = { mf_auth: storefrontPort + 1, mf_domains: storefrontPort + 2, mf_cart: storefrontPort + 3, mf_dashboard: storefrontPort + 4, mf_content: storefrontPort + 5, mf_staff: storefrontPort + 6 };

export const E2E = {
  storefront: `http://localhost:${storefrontPort}`,
  api: `http://localhost:${apiPort}`,
  remotePorts,
  dnsPort,
  env: {
    NODE_ENV: 'test',
    STOREFRONT_PORT: String(storefrontPort),
    MF_AUTH_PORT: String(remotePorts.mf_auth),
    MF_DOMAINS_PORT: String(remotePorts.mf_domains),
    MF_CART_PORT: String(remotePorts.mf_cart),
    MF_DASHBOARD_PORT: String(remotePorts.mf_dashboard),
    MF_CONTENT_PORT: String(remotePorts.mf_content),
    MF_STAFF_PORT: String(remotePorts.mf_staff),
    API_PORT: String(apiPort),
    API_BASE_URL: `http://localhost:${apiPort}`,
    DNS_HOST: '127.0.0.1',
    DNS_PORT: String(dnsPort),
    STOREFRONT_URL: `http://localhost:${storefrontPort}`,
    STOREFRONT_ORIGINS: `http://localhost:${storefrontPort}`,
    // Journeys log in many times; the limits themselves are covered by the API's own tests.
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    LOG_LEVEL: 'warn',
    // The job system (pg-boss) runs in the API process as under `npm start`; the lifecycle journey drives it.
    JOBS: 'true',
  },
};

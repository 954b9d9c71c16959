import { parseRuntimeConfig } from './runtime-config';

const remotes = Object.fromEntries(
  ['mf_auth', 'mf_domains', 'mf_cart', 'mf_dashboard', 'mf_content'].map((n) => [n, `http://x/${n}/mf-manifest.json`]),
);

it('reads the routes of each remote, extra remotes included', () => {
  const config = parseRuntimeConfig({
    apiBaseUrl: 'http://api.test/',
    remotes: { ...remotes, mf_partner: 'http://p/mf-manifest.json' },
    routes: { mf_partner: { prefixes: ['/partners'], protected: ['/partners/private'] }, mf_cart: { prefixes: ['/cart'] } },
  });
  expect(config.apiBaseUrl).toBe('http://api.test');
  expect(config.remotes.mf_partner).toBe('http://p/mf-manifest.json');
  expect(config.routes).toEqual({
    mf_partner: { prefixes: ['/partners'], protected: ['/partners/private'] },
    mf_cart: { prefixes: ['/cart'], protected: [] },
  });
});

it('keeps a config.json without routes working: the round-one table', () => {
  const config = parseRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes });
  expect(config.routes.mf_dashboard).toEqual({ prefixes: ['/dashboard', '/account-settings'], protected: ['/dashboard', '/account-settings'] });
  expect(config.routes.mf_content?.prefixes).toContain('/');
});

it('names the first problem in routes', () => {
  const base = { apiBaseUrl: 'http://api.test', remotes };
  expect(() => parseRuntimeConfig({ ...base, routes: { mf_ghost: { prefixes: ['/g'] } } })).toThrow(
    'config.json: "routes.mf_ghost" names a remote that "remotes" does not list.',
  );
  expect(() => parseRuntimeConfig({ ...base, routes: { mf_cart: { prefixes: ['cart'] } } })).toThrow('"routes.mf_cart.prefixes"');
  expect(() => parseRuntimeConfig({ ...base, routes: { mf_cart: { prefixes: ['/cart'], protected: 3 } } })).toThrow('"routes.mf_cart.protected"');
  expect(() => parseRuntimeConfig({ ...base, remotes: { ...remotes, mf_x: 4 } })).toThrow('"remotes.mf_x" must be a URL.');
});

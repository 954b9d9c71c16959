// Helpers shared by the journeys: the dev outbox, quick sign-up and login through the API, an API client for a
// customer, a funded wallet and a domain in the cart, and axe.
import AxeBuilder from '@axe-core/playwright';
import { expect, request, test as base, type APIRequestContext, type Page } from '@playwright/test';
import { E2E } from './env';

export { expect };

interface Mail {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at: string;
}

/** Newest mail to `to` whose text matches `pattern`, waiting for it to arrive. Returns the first capture group. */
export async function readMail(to: string, pattern: RegExp, after?: string): Promise<string> {
  const api = await request.newContext({ baseURL: E2E.api });
  try {
    for (let i = 0; i < 50; i++) {
      const res = await api.get(`/dev/outbox?to=${encodeURIComponent(to)}`);
      const mails = (await res.json()) as Mail[];
      for (const mail of mails) {
        if (after && mail.created_at <= after) continue;
        const match = pattern.exec(mail.text);
        if (match) return match[1] ?? match[0];
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`No mail to ${to} matching ${pattern}`);
  } finally {
    await api.dispose();
  }
}

let counter = 0;
/** A fresh, unique customer's signup payload. */
export function newCustomer(prefix = 'u') {
  const tag = `${prefix}${Date.now().toString(36).slice(-6)}${(counter++).toString(36)}`.slice(0, 15);
  return {
    first_name: 'Ada',
    last_name: 'Obi',
    address: '12 Marina Road',
    city: 'Lagos',
    state: 'Lagos',
    post_code: '100001'.slice(0, 6),
    phone_number: '+2348012345678',
    username: tag,
    email: `${tag}@example.com`,
    password: 'correct-horse-9',
    re_password: 'correct-horse-9',
  };
}

/** Signs a new customer up and activates it through the API; returns the customer and its session. */
export async function createCustomer(prefix?: string, fields: Partial<ReturnType<typeof newCustomer>> = {}) {
  const customer = { ...newCustomer(prefix), ...fields };
  const api = await request.newContext({ baseURL: E2E.api });
  try {
    const reg = await api.post('/core/register/', { data: customer });
    expect(reg.status(), await reg.text()).toBe(201);
    const code = await readMail(customer.email, /activation code is: (\d+)/);
    const act = await api.post('/core/activation/', { data: { username: customer.username, activation_code: code } });
    expect(act.ok(), await act.text()).toBeTruthy();
    const session = (await act.json()) as { access: string; refresh: string };
    return { ...customer, session };
  } finally {
    await api.dispose();
  }
}

/**
 * Logs in through the API (password, then the mailed code) and returns the session. Tests in parallel workers may log
 * the same staff account in at the same moment: a newer login ends the older one's code, and the mail read may be the
 * other's. Such a login is started again (three times at most), as a person would log in again.
 */
export async function apiLogin(username: string, password: string, email: string) {
  for (let attempt = 1; ; attempt++) {
    const api = await request.newContext({ baseURL: E2E.api });
    try {
      const since = new Date(Date.now() - 1000).toISOString();
      const res = await api.post('/core/login/', { data: { username, password } });
      expect(res.ok(), await res.text()).toBeTruthy();
      const code = await readMail(email, /login code is: (\d+)/, since);
      const sub = await api.post('/core/submit-login-code/', { data: { login_code: code } });
      if (sub.ok() || attempt === 3) {
        expect(sub.ok(), await sub.text()).toBeTruthy();
        return (await sub.json()) as { access: string; refresh: string };
      }
    } finally {
      await api.dispose();
    }
    await new Promise((r) => setTimeout(r, 300 + Math.random() * 700));
  }
}

/** Puts a session into the browser's storage, as a login would. */
export async function useSession(page: Page, session: { access: string; refresh?: string }) {
  // Its scripts first: a server-rendered page starts them after its first paint, and scripts that started after the
  // session is stored would read the cart from this page while the test has already gone on to the next (seen in CI:
  // two cart reads counted for one page).
  await gotoHydrated(page, '/404-set-session');
  await page.evaluate((s) => localStorage.setItem('session', JSON.stringify(s)), session);
}

/**
 * Opens `path` and waits until its scripts have run: the header asks for the cart count once the page has hydrated. A
 * server-rendered page starts its scripts once its largest element is painted (issue 21), so its 'load' and
 * 'networkidle' may both come before that (seen in CI: 'networkidle' and no federation runtime yet).
 */
export async function gotoHydrated(page: Page, path: string) {
  const hydrated = page.waitForResponse((r) => r.url().startsWith(`${E2E.api}/api/cart/`));
  const response = await page.goto(path);
  await hydrated;
  return response;
}

/** An API client with a customer's session (none: a visitor's). Dispose of it when done. */
export function apiAs(access?: string): Promise<APIRequestContext> {
  return request.newContext({ baseURL: E2E.api, extraHTTPHeaders: access ? { Authorization: `Token ${access}` } : {} });
}

/** Tops the wallet up through the sandbox's approve endpoint, as the gateway page's button does. */
export async function fundWallet(api: APIRequestContext, amount: number) {
  const res = await api.post('/payment/deposit/initiate-payment/', { data: { amount, currency: 'USD' } });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { data } = (await res.json()) as { data: { authorization_url: string } };
  const approve = await api.post(`${new URL(data.authorization_url).pathname}/approve`, { maxRedirects: 0 });
  expect(approve.status(), await approve.text()).toBeLessThan(400);
}

/** Puts `domain` (available) in the cart for registration, as the search page's 'Add to cart' does. */
export async function addDomainToCart(api: APIRequestContext, domain: string) {
  const check = (await (await api.get(`/domain/check/${domain}?currency=USD`)).json()) as { id: number; available: boolean };
  expect(check.available).toBe(true);
  const add = await api.post('/api/cart/', {
    data: { service_id: 1, product_id: check.id, currency: 'USD', metadata: { name: domain, description: 'Domain registration', domain_name: domain } },
  });
  expect(add.ok(), await add.text()).toBeTruthy();
}

/** Puts `domain` in the cart of the customer whose session `access` is (addDomainToCart with a client of its own). */
export async function addDomainAs(access: string, domain: string) {
  const api = await apiAs(access);
  try {
    await addDomainToCart(api, domain);
  } finally {
    await api.dispose();
  }
}

export async function expectNoA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Every journey fails on anything the page's Content-Security-Policy refused (scripts/static-server.mjs pagePolicy):
 * a script, a style, a picture or a request of our own that the policy blocks would leave that part of the page dead.
 */
export const test = base.extend({
  context: async ({ context }, provide) => {
    const refused: string[] = [];
    context.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
    });
    await provide(context);
    expect(refused, 'refused by the Content-Security-Policy').toEqual([]);
  },
});

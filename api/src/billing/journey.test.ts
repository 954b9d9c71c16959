// The whole purchase journey on the real embedded database: a visitor finds a domain, fills a cart, logs in (the cart
// follows), tops up the wallet through the sandbox gateway, pays, and finds the domain and the service provisioned.
import { setCookies, startTestApp, type TestApp } from '../commerce/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 120_000);
afterAll(() => t?.close());

async function loginDemo(cookies: Record<string, string>) {
  const login = await t.inject({
    method: 'POST',
    url: '/core/login/',
    payload: { username: 'demo', password: 'demo-pass-2024' },
    cookies,
  });
  expect(login.statusCode).toBe(200);
  const jar = { ...cookies, ...setCookies(login) };
  const outbox = await t.inject({ url: '/dev/outbox?to=demo@example.com' });
  const mail = (outbox.json() as { text: string }[])[0]!;
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  expect(code).toBeDefined();
  const submit = await t.inject({
    method: 'POST',
    url: '/core/submit-login-code/',
    payload: { login_code: code },
    cookies: jar,
  });
  expect(submit.statusCode).toBe(200);
  const cleared = submit.cookies.find((c) => c.name === 'cart_id');
  return {
    auth: `Token ${(submit.json() as { access: string }).access}`,
    cartCookieCleared: cleared !== undefined,
  };
}

test('from an empty cart to a provisioned domain and hosting service', async () => {
  // 1. A visitor searches: the typed name comes first, priced by the server.
  const search = await t.inject({
    url: '/domain/suggestions/?domain=https://www.Lagos-Bakery.com.ng/menu&currency=NGN',
  });
  expect(search.statusCode).toBe(200);
  const first = (
    search.json() as { suggestions: { domain: string; price: number; id: number; available: boolean }[] }
  ).suggestions[0]!;
  expect(first).toMatchObject({ domain: 'lagos-bakery.com.ng', price: 6500, available: true, id: 3 });

  // 2. The visitor fills a cart (a cookie cart): the domain (with a tampered price) and a hosting plan.
  const empty = await t.inject({ url: '/api/cart/?currency=NGN' });
  expect(empty.json()).toMatchObject({ id: null, items: [] });
  const addDomain = await t.inject({
    method: 'POST',
    url: '/api/cart/',
    payload: {
      service_id: 1,
      product_id: first.id,
      currency: 'NGN',
      price: 1,
      metadata: { name: 'x', description: 'y', domain_name: 'lagos-bakery.com.ng', price: 1 },
    },
  });
  expect(addDomain.statusCode).toBe(200);
  const cookie = addDomain.cookies.find((c) => c.name === 'cart_id')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  const services = (await t.inject({ url: '/api/services/' })).json() as {
    id: number;
    type: string;
    hosting_plans: { id: number; name: string; price: number }[];
  }[];
  const hosting = services.find((s) => s.id === 2)!;
  const plan = hosting.hosting_plans[0]!;
  const addPlan = await t.inject({
    method: 'POST',
    url: '/api/cart/',
    cookies: { cart_id: cookie.value },
    payload: {
      service_id: 2,
      product_id: plan.id,
      currency: 'NGN',
      metadata: { name: 'hosting', description: '' },
    },
  });
  expect(addPlan.statusCode).toBe(200);
  const visitorCart = addPlan.json().data as { items: { price: number; service: number }[] };
  expect(visitorCart.items.map((i) => i.service)).toEqual([1, 2]);
  expect(visitorCart.items[0]!.price).toBe(6500);
  // The hosting plan is priced in USD in the catalogue: the server converts it at the seeded rate.
  expect(visitorCart.items[1]!.price).toBe(Math.round(plan.price * 100 * 1550) / 100);

  // 3. Paying needs an account: checkout without one is 401.
  expect(
    (
      await t.inject({
        method: 'POST',
        url: '/api/checkout/',
        cookies: { cart_id: cookie.value },
        payload: { payment_kind: 'wallet' },
      })
    ).statusCode,
  ).toBe(401);

  // 4. Logging in merges the visitor cart into the customer's.
  const { auth, cartCookieCleared } = await loginDemo({ cart_id: cookie.value });
  expect(cartCookieCleared).toBe(true);
  const mine = await t.inject({ url: '/api/cart/?currency=NGN', auth });
  const cart = mine.json() as { id: string; items: { price: number }[] };
  expect(cart.items).toHaveLength(2);
  const subtotal = cart.items.reduce((s, i) => s + Math.round(i.price * 100), 0);
  const vat = await t.inject({ url: `/api/vat-calculate/?cart_id=${cart.id}&currency=NGN`, auth });
  const vatMinor = Math.round((vat.json() as { vat_amount: number }).vat_amount * 100);
  expect(vatMinor).toBe(Math.round((subtotal * 7.5) / 100));
  const total = subtotal + vatMinor;

  // 5. The wallet is empty: a wallet checkout is refused and changes nothing.
  const broke = await t.inject({
    method: 'POST',
    url: '/api/checkout/',
    auth,
    payload: { payment_kind: 'wallet', currency: 'NGN' },
  });
  expect(broke.statusCode).toBe(400);
  expect(broke.json().error).toMatch(/wallet balance \(NGN 0\.00\) does not cover/);
  expect(
    ((await t.inject({ url: '/api/cart/?currency=NGN', auth })).json() as { items: unknown[] }).items,
  ).toHaveLength(2);
  expect((await t.inject({ url: '/api/user_invoice_list/', auth })).json().invoices.totalresults).toBe(0);

  // 6. Top up through the sandbox gateway: its page shows the amount and both buttons; Approve credits the wallet.
  const deposit = await t.inject({
    method: 'POST',
    url: '/payment/deposit/initiate-payment/',
    auth,
    payload: { amount: 100000, currency: 'NGN' },
  });
  expect(deposit.statusCode).toBe(200);
  const { authorization_url, reference } = deposit.json().data as {
    authorization_url: string;
    reference: string;
  };
  expect(authorization_url).toBe(`http://localhost:8000/sandbox/pay/${reference}`);
  const pagePath = new URL(authorization_url).pathname;
  const pageRes = await t.inject({ url: pagePath });
  expect(pageRes.statusCode).toBe(200);
  expect(pageRes.body).toContain('NGN 100,000.00');
  expect(pageRes.body).toContain('Approve payment');
  expect(pageRes.body).toContain('Decline payment');
  const approve = await t.inject({
    method: 'POST',
    url: `${pagePath}/approve`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(approve.statusCode).toBe(303);
  expect(approve.headers.location).toBe(`http://localhost:3000/dashboard?reference=${reference}`);
  const balance = (await t.inject({ url: '/payment/wallet-balance/', auth })).json() as {
    balance: number;
    currency: { code: string };
  }[];
  expect(balance[0]).toMatchObject({ balance: 100000, currency: { code: 'NGN' } });

  // 7. Pay the cart from the wallet: one invoice, Paid, for subtotal + VAT; the cart is empty.
  const pay = await t.inject({
    method: 'POST',
    url: '/api/checkout/',
    auth,
    payload: { payment_kind: 'wallet', currency: 'NGN' },
  });
  expect(pay.statusCode).toBe(200);
  expect(pay.json().data).toMatchObject({ status: 'Paid', invoicenum: expect.stringMatching(/^INV-\d{6}$/) });
  expect(((await t.inject({ url: '/api/cart/', auth })).json() as { items: unknown[] }).items).toHaveLength(
    0,
  );
  const after = (await t.inject({ url: '/payment/wallet-balance/', auth })).json() as { balance: number }[];
  expect(Math.round(after[0]!.balance * 100)).toBe(100000 * 100 - total);

  const invoices = (await t.inject({ url: '/api/user_invoice_list/', auth })).json();
  expect(invoices.invoices.totalresults).toBe(1);
  const inv = invoices.invoices.invoices.invoice[0];
  expect(inv).toMatchObject({
    paymentmethod: 'Wallet',
    currencycode: 'NGN',
    status: 'Paid',
    total: total / 100,
  });
  expect(inv.notes).toContain('lagos-bakery.com.ng');
  expect(typeof inv.duedate).toBe('string');
  expect(typeof inv.created_at).toBe('string');

  // 8. Provisioned: the domain is Active for a year, the service runs on a server, and the name is now taken.
  const domains = (await t.inject({ url: '/domain/', auth })).json() as Record<string, unknown>[];
  expect(domains).toEqual([
    expect.objectContaining({
      domainname: 'lagos-bakery.com.ng',
      status: 'Active',
      regperiod: 1,
      paymentmethodname: 'Wallet',
      nextduedate: '2027-03-03',
      expirydate: '2027-03-03',
      auto_renew: true,
    }),
  ]);
  const svc = (await t.inject({ url: '/api/user_services/', auth })).json() as Record<string, unknown>[];
  expect(svc).toEqual([
    expect.objectContaining({
      domain: 'lagos-bakery.com.ng',
      // Sold 'Billed anuually' on the services list: the service says so and is due in a year.
      billingcycle: 'Annually',
      regdate: '2026-03-03',
      nextduedate: '2027-03-03',
      auto_renew: true,
      status: 'Active',
      // A Shared Hosting plan: on one of the shared servers.
      serverhostname: expect.stringMatching(/^web\d\.lagos\.storefront-hosting\.net$/),
    }),
  ]);
  expect(svc[0]!.name).toContain(plan.name);
  const check = await t.inject({ url: '/domain/check/lagos-bakery.com.ng' });
  expect(check.json()).toMatchObject({ domain: 'lagos-bakery.com.ng', available: false });
  const again = await t.inject({
    method: 'POST',
    url: '/api/cart/',
    auth,
    payload: { service_id: 1, product_id: 3, metadata: { domain_name: 'lagos-bakery.com.ng' } },
  });
  expect(again.statusCode).toBe(400);
  expect(again.json()).toEqual({ domain_name: ['lagos-bakery.com.ng is not available.'] });
}, 60_000);

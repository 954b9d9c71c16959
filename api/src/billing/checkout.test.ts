// Checkout rules, concurrency, gateway payments (approve and decline) and privacy of invoices.
import { desc, eq } from 'drizzle-orm';
import { customerDomains, invoices, userServices, walletEntries } from '../db/schema-commerce';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { credit } from '../payments/wallet';

let t: TestApp;
let planId: number;
beforeAll(async () => {
  t = await startTestApp();
  const services = (await t.inject({ url: '/hosting/services/' })).json() as {
    id: number;
    hosting_plans: { id: number }[];
  }[];
  planId = services.find((s) => s.id === 3)!.hosting_plans[0]!.id;
}, 120_000);
afterAll(() => t?.close());

let seq = 0;
const freshName = (tld = 'com') => `checkout-test-${Date.now().toString(36)}-${++seq}.${tld}`;
const addDomain = (auth: string, name = freshName(), product_id = 1) =>
  t.inject({
    method: 'POST',
    url: '/api/cart/',
    auth,
    payload: { service_id: 1, product_id, metadata: { domain_name: name } },
  });
const addHosting = (auth: string) =>
  t.inject({ method: 'POST', url: '/api/cart/', auth, payload: { service_id: 3, product_id: planId } });
const checkout = (auth: string, payment_kind = 'wallet', currency = 'USD') =>
  t.inject({ method: 'POST', url: '/api/checkout/', auth, payload: { payment_kind, currency } });
const fund = async (userId: number, minor: number, currency = 'USD') => {
  await credit(t.db.orm, {
    userId,
    currency,
    amountMinor: minor,
    kind: 'deposit',
    description: 'test funds',
    now: t.clock.now(),
  });
};

test('checkout needs a session, a known payment method and a non-empty cart', async () => {
  expect(
    (await t.inject({ method: 'POST', url: '/api/checkout/', payload: { payment_kind: 'wallet' } }))
      .statusCode,
  ).toBe(401);
  const u = await t.user();
  expect((await checkout(u.auth)).json()).toEqual({ error: 'Your cart is empty.' });
  const bad = await checkout(u.auth, 'cheque');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().error).toMatch(
    /Choose a payment method: wallet, fiat_payment_gateway, crypto_payment_gateway/,
  );
  const nonObject = await t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: [1, 2] });
  expect(nonObject.statusCode).toBe(400);
  // A currency we do not sell is a checkout failure like the others: {error}, and the field.
  const pay = (currency: unknown) => t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'wallet', currency } });
  const eur = 'We do not sell in "EUR". Choose one of USD, NGN.';
  expect((await pay('EUR')).json()).toEqual({ error: eur, currency: [eur] });
  const code = 'Enter a currency code: one of USD, NGN.';
  for (const currency of [{ a: 1 }, ['USD'], 7]) expect((await pay(currency)).json()).toEqual({ error: code, currency: [code] });
});

test('a hosting plan needs a domain in the cart; a domain alone may be paid', async () => {
  const u = await t.user();
  await fund(u.id, 100_000);
  expect((await addHosting(u.auth)).statusCode).toBe(200);
  const refused = await checkout(u.auth);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toEqual({
    error: 'A hosting plan needs a domain: add a domain to your cart first.',
  });
  await t.inject({ method: 'POST', url: '/api/cart/clear_cart/', auth: u.auth, payload: {} });
  expect((await addDomain(u.auth)).statusCode).toBe(200);
  const ok = await checkout(u.auth);
  expect(ok.statusCode).toBe(200);
  expect(ok.json().data.status).toBe('Paid');
  expect((await t.inject({ url: '/api/user_services/', auth: u.auth })).json()).toEqual([]);
  expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toHaveLength(1);
});

test("hosting for a name another customer holds in this store is refused at checkout; the buyer's own name, or one registered elsewhere, is fine", async () => {
  const eve = await t.user();
  const mallory = await t.user();
  await fund(eve.id, 100_000);
  await fund(mallory.id, 100_000);
  const evesName = freshName();
  expect((await addDomain(eve.auth, evesName)).statusCode).toBe(200);
  expect((await checkout(eve.auth)).json().data.status).toBe('Paid');
  const hostingFor = (auth: string, domain_name: string) =>
    t.inject({ method: 'POST', url: '/api/cart/', auth, payload: { service_id: 3, product_id: planId, metadata: { domain_name } } });
  // Mallory: some other name in the cart, the plan on Eve's.
  expect((await addDomain(mallory.auth)).statusCode).toBe(200);
  expect((await hostingFor(mallory.auth, evesName)).statusCode).toBe(200);
  const refused = await checkout(mallory.auth);
  expect([refused.statusCode, refused.json()]).toEqual([
    400,
    { error: `${evesName} is registered here by another customer: hosting can only be bought for a domain you own or are buying. Remove the plan or change its domain.` },
  ]);
  expect((await t.inject({ url: '/api/user_services/', auth: mallory.auth })).json()).toEqual([]);
  // Eve hosts her own name; Mallory a name registered elsewhere (example.com is the registry's, not this store's).
  expect((await addDomain(eve.auth)).statusCode).toBe(200);
  expect((await hostingFor(eve.auth, evesName)).statusCode).toBe(200);
  expect((await checkout(eve.auth)).json().data.status).toBe('Paid');
  await t.inject({ method: 'POST', url: '/api/cart/clear_cart/', auth: mallory.auth, payload: {} });
  expect((await addDomain(mallory.auth)).statusCode).toBe(200);
  expect((await hostingFor(mallory.auth, 'example.com')).statusCode).toBe(200);
  expect((await checkout(mallory.auth)).json().data.status).toBe('Paid');
});

test("each hosting plan goes on a server of its service's kind: Shared on web*, WordPress on wp*, VPS on vps*", async () => {
  const u = await t.user();
  await fund(u.id, 1_000_000);
  const catalogue = (await t.inject({ url: '/hosting/services/' })).json() as { id: number; hosting_plans: { id: number }[] }[];
  const domain = freshName();
  expect((await addDomain(u.auth, domain)).statusCode).toBe(200);
  for (const service of [2, 3, 4]) {
    for (const plan of catalogue.find((s) => s.id === service)!.hosting_plans) {
      const add = await t.inject({ method: 'POST', url: '/api/cart/', auth: u.auth, payload: { service_id: service, product_id: plan.id, metadata: { domain_name: domain } } });
      expect(add.statusCode).toBe(200);
    }
  }
  expect((await checkout(u.auth)).json().data.status).toBe('Paid');
  const hosts = ((await t.inject({ url: '/api/user_services/', auth: u.auth })).json() as { name: string; serverhostname: string }[]).map(
    (s) => [s.name.split(' ')[0], s.serverhostname.split('.')[0]!.replace(/\d+$/, '')],
  );
  expect(hosts).toHaveLength(9);
  for (const [name, host] of hosts) expect([name, host]).toEqual([name, { Shared: 'web', WordPress: 'wp', VPS: 'vps' }[name!]]);
});

test('the invoice total is the server price plus 7.5 % VAT, in the currency asked for', async () => {
  const u = await t.user();
  await fund(u.id, 5_000_000, 'NGN');
  expect((await addDomain(u.auth, freshName('ng'), 2)).statusCode).toBe(200); // .ng: NGN 15,000 in the price table
  const res = await checkout(u.auth, 'wallet', 'NGN');
  expect(res.json().data).toMatchObject({ total: 16125, currency: 'NGN' });
  const [inv] = await t.db.orm.select().from(invoices).where(eq(invoices.userId, u.id));
  expect(inv).toMatchObject({
    subtotalMinor: 1_500_000,
    vatMinor: 112_500,
    totalMinor: 1_612_500,
    status: 'Paid',
  });
});

test('two concurrent wallet checkouts of one cart charge once', async () => {
  const u = await t.user();
  await fund(u.id, 1_000_000);
  await addDomain(u.auth);
  await addDomain(u.auth);
  const results = await Promise.all([checkout(u.auth), checkout(u.auth), checkout(u.auth)]);
  const codes = results.map((r) => r.statusCode).sort();
  expect(codes).toEqual([200, 400, 400]);
  for (const r of results.filter((x) => x.statusCode === 400))
    expect(r.json().error).toBe('Your cart is empty.');
  const debits = (await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, u.id))).filter(
    (e) => e.amountMinor < 0,
  );
  expect(debits).toHaveLength(1);
  expect(debits[0]!.amountMinor).toBe(-Math.round(2 * 1299 * 1.075));
  expect(
    (await t.inject({ url: '/api/user_invoice_list/', auth: u.auth })).json().invoices.totalresults,
  ).toBe(1);
  expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toHaveLength(2);
});

test('a wallet that cannot cover the total changes nothing', async () => {
  const u = await t.user();
  await fund(u.id, 1000); // USD 10 < 12.99 + VAT
  await addDomain(u.auth);
  const res = await checkout(u.auth);
  expect(res.statusCode).toBe(400);
  expect(res.json().error).toBe(
    'Your wallet balance (USD 10.00) does not cover the total (USD 13.96). Top up your wallet or choose another payment method.',
  );
  expect(await t.db.orm.select().from(invoices).where(eq(invoices.userId, u.id))).toHaveLength(0);
  expect((await t.inject({ url: '/api/cart/', auth: u.auth })).json().items).toHaveLength(1);
  expect((await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).json()[0].balance).toBe(10);

  // The refusal took no invoice number: the next invoice issued (by anyone) has the number after the last one.
  const [last] = await t.db.orm.select({ id: invoices.id }).from(invoices).orderBy(desc(invoices.id)).limit(1);
  await fund(u.id, 1000);
  const paid = await checkout(u.auth);
  expect(paid.statusCode).toBe(200);
  expect(paid.json().data.invoicenum).toBe(`INV-${String((last?.id ?? 0) + 1).padStart(6, '0')}`);
});

test('a gateway checkout is paid through the sandbox page and provisioned once', async () => {
  const u = await t.user();
  const name = freshName('io');
  await addDomain(u.auth, name).then((r) => expect(r.statusCode).toBe(400)); // product 1 is .com, the name is .io
  await t.inject({
    method: 'POST',
    url: '/api/cart/',
    auth: u.auth,
    payload: { service_id: 1, product_id: 7, metadata: { domain_name: name } },
  });
  await addHosting(u.auth);
  const res = await checkout(u.auth, 'fiat_payment_gateway');
  expect(res.statusCode).toBe(200);
  const { authorization_url, reference, invoicenum } = res.json().data as Record<string, string>;
  expect(res.json().data.status).toBe('Unpaid');
  expect((await t.inject({ url: '/api/cart/', auth: u.auth })).json().items).toHaveLength(0);
  const listed = (await t.inject({ url: '/api/user_invoice_list/', auth: u.auth })).json().invoices.invoices
    .invoice[0];
  expect(listed).toMatchObject({ invoicenum, status: 'Unpaid', paymentmethod: 'Pay with Fiat' });

  const path = new URL(authorization_url!).pathname;
  expect(path).toBe(`/sandbox/pay/${reference}`);
  const page = await t.inject({ url: path });
  expect(page.body).toContain(invoicenum);
  const approve = await t.inject({ method: 'POST', url: `${path}/approve` });
  expect(approve.headers.location).toBe(`http://localhost:3000/dashboard/invoices?reference=${reference}`);
  await t.inject({ method: 'POST', url: `${path}/approve` }); // a second click changes nothing
  // The page the browser returns to asks what became of the payment (issue 20).
  expect((await t.inject({ url: `/payment/outcome/?reference=${reference}`, auth: u.auth })).json()).toMatchObject({
    purpose: 'checkout',
    status: 'success',
    invoicenum,
    invoice_status: 'Paid',
  });
  expect(
    (await t.inject({ url: '/api/user_invoice_list/', auth: u.auth })).json().invoices.invoices.invoice[0]
      .status,
  ).toBe('Paid');
  expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toEqual([
    expect.objectContaining({ domainname: name, status: 'Active', paymentmethodname: 'Pay with Fiat' }),
  ]);
  expect((await t.inject({ url: '/api/user_services/', auth: u.auth })).json()).toEqual([
    expect.objectContaining({ domain: name, status: 'Active' }),
  ]);
  // The registry now knows the name.
  expect((await t.inject({ url: `/domain/check/${name}` })).json().available).toBe(false);
});

test('a declined gateway payment leaves no paid invoice and gives the cart back', async () => {
  const u = await t.user();
  const name = freshName();
  await addDomain(u.auth, name);
  const res = await checkout(u.auth, 'crypto_payment_gateway');
  const { authorization_url, reference } = res.json().data as Record<string, string>;
  const decline = await t.inject({ method: 'POST', url: `${new URL(authorization_url!).pathname}/decline` });
  expect(decline.headers.location).toBe(`http://localhost:3000/dashboard/invoices?reference=${reference}`);
  expect((await t.inject({ url: `/payment/outcome/?reference=${reference}`, auth: u.auth })).json()).toMatchObject({
    status: 'failed',
    invoice_status: 'Cancelled',
  });
  const inv = (await t.inject({ url: '/api/user_invoice_list/', auth: u.auth })).json().invoices.invoices
    .invoice;
  expect(inv).toEqual([expect.objectContaining({ status: 'Cancelled', paymentmethod: 'Pay with Crypto' })]);
  expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toEqual([]);
  expect(
    (await t.inject({ url: '/api/cart/', auth: u.auth }))
      .json()
      .items.map((i: { metadata: { domain_name: string } }) => i.metadata.domain_name),
  ).toEqual([name]);
  expect((await t.inject({ url: `/domain/check/${name}` })).json().available).toBe(true);
});

test('transfers become Pending Transfer; an ineligible transfer cannot be added', async () => {
  const u = await t.user();
  await fund(u.id, 100_000);
  const locked = await t.inject({
    method: 'POST',
    url: '/api/cart/',
    auth: u.auth,
    payload: { service_id: 1, product_id: 1, metadata: { domain_name: 'google.com', is_transfer: true } },
  });
  expect(locked.statusCode).toBe(400);
  expect(locked.json().domain_name[0]).toMatch(/locked at its current registrar/);
  const add = await t.inject({
    method: 'POST',
    url: '/api/cart/',
    auth: u.auth,
    payload: {
      service_id: 1,
      product_id: 2,
      metadata: { domain_name: 'jumia.ng', is_transfer: true, epp_code: 'X9-abc' },
    },
  });
  expect(add.statusCode).toBe(200);
  expect(add.json().data.items[0]).toMatchObject({
    price: 10,
    metadata: { is_transfer: true, epp_code: 'X9-abc' },
  });
  expect((await checkout(u.auth)).statusCode).toBe(200);
  expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toEqual([
    expect.objectContaining({ domainname: 'jumia.ng', status: 'Pending Transfer' }),
  ]);
});

test('a domain starts on the custom nameservers ordered with it, or on ours when the cart held only one', async () => {
  const u = await t.user();
  await fund(u.id, 100_000);
  const nameserversOf = async (names: string[]) => {
    const name = freshName();
    const item = (await addDomain(u.auth, name)).json().data.items.find((i: { metadata: { domain_name: string } }) => i.metadata.domain_name === name);
    const patch = await t.inject({ method: 'PATCH', url: `/api/cart/items/${item.id}/`, auth: u.auth, payload: { nameservers: names } });
    expect(patch.statusCode).toBe(200);
    expect((await checkout(u.auth)).statusCode).toBe(200);
    return (await t.inject({ url: `/domain/${name}/nameservers/`, auth: u.auth })).json();
  };
  expect(await nameserversOf(['ns1.elsewhere.net', 'ns2.elsewhere.net'])).toMatchObject({
    use_store_nameservers: false,
    nameservers: ['ns1.elsewhere.net', 'ns2.elsewhere.net'],
  });
  const one = await nameserversOf(['ns1.elsewhere.net']);
  expect(one).toMatchObject({ use_store_nameservers: true });
  expect(one.nameservers).toEqual(one.store_nameservers);
});

test("another customer's invoice and domain are 404", async () => {
  const a = await t.user();
  const b = await t.user();
  await fund(a.id, 100_000);
  await addDomain(a.auth);
  const id = (await checkout(a.auth)).json().data.invoice_id as number;
  expect((await t.inject({ url: `/api/invoices/${id}/`, auth: a.auth })).json()).toMatchObject({
    id,
    status: 'Paid',
    items: [expect.objectContaining({ service: 1 })],
  });
  expect((await t.inject({ url: `/api/invoices/${id}/`, auth: b.auth })).statusCode).toBe(404);
  expect(
    (await t.inject({ url: '/api/user_invoice_list/', auth: b.auth })).json().invoices.totalresults,
  ).toBe(0);
  const domainId = ((await t.inject({ url: '/domain/', auth: a.auth })).json() as { id: number }[])[0]!.id;
  expect((await t.inject({ url: `/domain/${domainId}/`, auth: a.auth })).statusCode).toBe(200);
  expect((await t.inject({ url: `/domain/${domainId}/`, auth: b.auth })).statusCode).toBe(404);
  expect((await t.inject({ url: '/domain/', auth: b.auth })).json()).toEqual([]);
});

test('a name bought by someone else between checkout and payment is refunded, not double-sold', async () => {
  const a = await t.user();
  const b = await t.user();
  const name = freshName();
  await addDomain(a.auth, name);
  await addDomain(b.auth, name);
  const pending = (await checkout(a.auth, 'fiat_payment_gateway')).json().data as Record<string, string>;
  await fund(b.id, 100_000);
  expect((await checkout(b.auth)).statusCode).toBe(200);
  await t.inject({ method: 'POST', url: `${new URL(pending.authorization_url!).pathname}/approve` });
  // Never registered: nothing to renew, and no expiry date to show.
  expect((await t.inject({ url: '/domain/', auth: a.auth })).json()).toEqual([
    expect.objectContaining({ domainname: name, status: 'Cancelled', auto_renew: false, expirydate: null }),
  ]);
  const refund = (await t.inject({ url: '/payment/wallet-balance/', auth: a.auth })).json()[0];
  expect(refund).toMatchObject({ balance: 13.96, currency: { code: 'USD' } });
  // The page the gateway sends A back to says what could not be delivered and where the money went.
  expect((await t.inject({ url: `/payment/outcome/?reference=${pending.reference}`, auth: a.auth })).json()).toMatchObject({
    status: 'success',
    invoice_status: 'Paid',
    credited_to_wallet: false,
    refunds: [{ amount: 13.96, description: `${name} was registered by someone else first` }],
  });
});

test('two names taken by others give back exactly what the invoice charged, its VAT rounded once as on the invoice', async () => {
  const a = await t.user();
  const b = await t.user();
  const names = [freshName(), freshName()];
  for (const name of names) {
    await addDomain(a.auth, name);
    await addDomain(b.auth, name);
  }
  const pending = (await checkout(a.auth, 'fiat_payment_gateway')).json().data as Record<string, string>;
  const invoice = (await t.inject({ url: `/api/invoices/${pending.invoice_id}/`, auth: a.auth })).json() as { total: number };
  // 2 × $12.99 at 7.5 %: VAT $1.95 on the invoice, where each line's own rounded VAT is $0.97 (a cent short).
  expect(invoice.total).toBe(27.93);
  await fund(b.id, 100_000);
  expect((await checkout(b.auth)).statusCode).toBe(200);
  await t.inject({ method: 'POST', url: `${new URL(pending.authorization_url!).pathname}/approve` });
  const [wallet] = (await t.inject({ url: '/payment/wallet-balance/', auth: a.auth })).json();
  expect(wallet).toMatchObject({ balance: 27.93, currency: { code: 'USD' } });
  const outcome = (await t.inject({ url: `/payment/outcome/?reference=${pending.reference}`, auth: a.auth })).json();
  expect(outcome.refunds.map((r: { amount: number }) => r.amount)).toEqual([13.96, 13.97]);
});

test('a hosting plan for a name someone else got first is refunded with the name, never set up on their domain', async () => {
  const a = await t.user();
  const b = await t.user();
  const name = freshName();
  await addDomain(a.auth, name);
  await addDomain(b.auth, name);
  const hosting = await t.inject({ method: 'POST', url: '/api/cart/', auth: b.auth, payload: { service_id: 3, product_id: planId, metadata: { domain_name: name } } });
  expect(hosting.statusCode).toBe(200);
  const bPays = (await checkout(b.auth, 'fiat_payment_gateway')).json().data as Record<string, string>;
  const charged = ((await t.inject({ url: `/api/invoices/${bPays.invoice_id}/`, auth: b.auth })).json() as { total: number }).total;
  await fund(a.id, 100_000);
  expect((await checkout(a.auth)).statusCode).toBe(200);
  await t.inject({ method: 'POST', url: `${new URL(bPays.authorization_url!).pathname}/approve` });
  // Every cent back (the VAT rounded once, as on the invoice); the plan recorded as cancelled, not running.
  const [wallet] = (await t.inject({ url: '/payment/wallet-balance/', auth: b.auth })).json();
  expect(wallet).toMatchObject({ balance: charged, currency: { code: 'USD' } });
  const services = await t.db.orm.select().from(userServices).where(eq(userServices.userId, b.id));
  expect(services.map((s) => [s.domain, s.status, s.autoRenew])).toEqual([[name, 'Cancelled', false]]);
  const outcome = (await t.inject({ url: `/payment/outcome/?reference=${bPays.reference}`, auth: b.auth })).json();
  expect(outcome.refunds.map((r: { description: string }) => r.description)).toEqual([
    `${name} was registered by someone else first`,
    expect.stringMatching(new RegExp(`for ${name.replace(/\./g, '\\.')}: the domain was registered by someone else first$`)),
  ]);
});

test('hosting for a name nobody has registered is refused unless the name is in the cart', async () => {
  const u = await t.user();
  await fund(u.id, 100_000);
  const unregistered = freshName();
  expect((await addDomain(u.auth)).statusCode).toBe(200);
  const plan = await t.inject({ method: 'POST', url: '/api/cart/', auth: u.auth, payload: { service_id: 3, product_id: planId, metadata: { domain_name: unregistered } } });
  expect(plan.statusCode).toBe(200);
  expect((await checkout(u.auth)).json()).toEqual({
    error: `${unregistered} is not registered: add it to your cart to register it with the plan, or change the plan's domain.`,
  });
  // With the name itself in the cart, it is the buyer's.
  expect((await addDomain(u.auth, unregistered)).statusCode).toBe(200);
  expect((await checkout(u.auth)).json().data.status).toBe('Paid');
  const services = await t.db.orm.select().from(userServices).where(eq(userServices.userId, u.id));
  expect(services.map((s) => [s.domain, s.status])).toEqual([[unregistered, 'Active']]);
});

test("an invoice for hosting paid after another customer registered its domain here refunds the plan, never sets it up", async () => {
  const a = await t.user();
  const b = await t.user();
  const name = 'example.com';
  // B's plan is for a name registered elsewhere (allowed), then A brings that name here (as a transfer would; the
  // registry's example.com cannot be registered, so A's domain row is written directly).
  expect((await addDomain(b.auth)).statusCode).toBe(200);
  const plan = await t.inject({ method: 'POST', url: '/api/cart/', auth: b.auth, payload: { service_id: 3, product_id: planId, metadata: { domain_name: name } } });
  expect(plan.statusCode).toBe(200);
  const pending = (await checkout(b.auth, 'fiat_payment_gateway')).json().data as Record<string, string>;
  await t.db.orm.insert(customerDomains).values({
    userId: a.id,
    domainname: name,
    tldId: 1,
    status: 'Active',
    regperiod: 1,
    paymentmethodname: 'Wallet',
    registrationDate: '2026-01-01',
    nextduedate: '2027-01-01',
    nameservers: [],
    createdAt: t.clock.now(),
  });
  try {
    await fund(b.id, 100_000);
    const paid = await t.inject({ method: 'POST', url: `/api/invoices/${pending.invoice_id}/pay/`, auth: b.auth, payload: { payment_kind: 'wallet' } });
    expect(paid.statusCode).toBe(200);
    const services = await t.db.orm.select().from(userServices).where(eq(userServices.userId, b.id));
    expect(services.map((s) => [s.domain, s.status, s.autoRenew])).toEqual([[name, 'Cancelled', false]]);
    const refunds = await t.db.orm.select().from(walletEntries).where(eq(walletEntries.userId, b.id));
    expect(refunds.map((r) => r.description)).toContainEqual(
      expect.stringMatching(/for example\.com: the domain is registered here by another customer$/),
    );
  } finally {
    await t.db.orm.delete(customerDomains).where(eq(customerDomains.domainname, name));
  }
});

test('an unpaid invoice can be paid later; a second gateway payment arriving after that goes to the wallet', async () => {
  const u = await t.user();
  await addDomain(u.auth);
  const first = (await checkout(u.auth, 'fiat_payment_gateway')).json().data as Record<string, string>;
  const id = first.invoice_id as unknown as number;
  // The customer closed the payment page; later they pay through a new page...
  const again = await t.inject({
    method: 'POST',
    url: `/api/invoices/${id}/pay/`,
    auth: u.auth,
    payload: { payment_kind: 'fiat_payment_gateway' },
  });
  expect(again.statusCode).toBe(200);
  const second = again.json().data as Record<string, string>;
  expect(second.reference).not.toBe(first.reference);
  await t.inject({ method: 'POST', url: `${new URL(second.authorization_url!).pathname}/approve` });
  expect((await t.inject({ url: `/api/invoices/${id}/`, auth: u.auth })).json().status).toBe('Paid');
  // ...and then approve the first page too: the invoice is not paid twice, the money lands in the wallet.
  await t.inject({ method: 'POST', url: `${new URL(first.authorization_url!).pathname}/approve` });
  expect((await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).json()[0]).toMatchObject({
    balance: 13.96,
    currency: { code: 'USD' },
  });
  expect((await t.inject({ url: '/domain/', auth: u.auth })).json()).toHaveLength(1);
  // The page the gateway sends the customer back to says where each payment went.
  const outcome = async (reference: string) => (await t.inject({ url: `/payment/outcome/?reference=${reference}`, auth: u.auth })).json();
  expect(await outcome(second.reference!)).toMatchObject({ status: 'success', invoice_status: 'Paid', credited_to_wallet: false });
  expect(await outcome(first.reference!)).toMatchObject({ status: 'success', invoice_status: 'Paid', credited_to_wallet: true });
  // Paying it once more is refused; someone else cannot pay or see it.
  expect(
    (
      await t.inject({
        method: 'POST',
        url: `/api/invoices/${id}/pay/`,
        auth: u.auth,
        payload: { payment_kind: 'wallet' },
      })
    ).json(),
  ).toEqual({
    error: `Invoice ${first.invoicenum} is paid, not unpaid.`,
  });
  const other = await t.user();
  expect(
    (
      await t.inject({
        method: 'POST',
        url: `/api/invoices/${id}/pay/`,
        auth: other.auth,
        payload: { payment_kind: 'wallet' },
      })
    ).statusCode,
  ).toBe(404);
});

test('an unpaid invoice paid from the wallet', async () => {
  const u = await t.user();
  await addDomain(u.auth);
  const first = (await checkout(u.auth, 'crypto_payment_gateway')).json().data as Record<string, unknown>;
  const pay = (kind: string) =>
    t.inject({
      method: 'POST',
      url: `/api/invoices/${first.invoice_id}/pay/`,
      auth: u.auth,
      payload: { payment_kind: kind },
    });
  expect((await pay('wallet')).json().error).toMatch(/does not cover/);
  await fund(u.id, 2000);
  expect((await pay('wallet')).json().data).toMatchObject({ status: 'Paid', total: 13.96 });
  expect(
    (await t.inject({ url: '/api/user_invoice_list/', auth: u.auth })).json().invoices.invoices.invoice[0],
  ).toMatchObject({ status: 'Paid', paymentmethod: 'Wallet' });
});

test('an unpaid order whose name someone else bought meanwhile cannot be paid later: its invoice is cancelled, nothing charged', async () => {
  const a = await t.user();
  const b = await t.user();
  const name = freshName();
  await addDomain(a.auth, name);
  const first = (await checkout(a.auth, 'fiat_payment_gateway')).json().data as { invoice_id: number; invoicenum: string };
  // A's payment page was closed; B orders the same name and pays from the wallet.
  await addDomain(b.auth, name);
  await fund(b.id, 100_000);
  expect((await checkout(b.auth)).statusCode).toBe(200);
  await fund(a.id, 100_000);
  const late = await t.inject({ method: 'POST', url: `/api/invoices/${first.invoice_id}/pay/`, auth: a.auth, payload: { payment_kind: 'wallet' } });
  expect(late.statusCode).toBe(400);
  expect(late.json()).toEqual({
    error: `${name} is no longer available, so ${first.invoicenum} was cancelled and nothing was charged. Its items are back in your cart: remove ${name} and check out again.`,
  });
  expect((await t.inject({ url: `/api/invoices/${first.invoice_id}/`, auth: a.auth })).json().status).toBe('Cancelled');
  expect((await t.inject({ url: '/payment/wallet-balance/', auth: a.auth })).json()[0]).toMatchObject({ balance: 1000 });
  expect((await t.inject({ url: '/domain/', auth: a.auth })).json()).toEqual([]);
  // Another customer's invoice is a 404 before anything in the body is looked at.
  const other = await t.user();
  const probe = await t.inject({ method: 'POST', url: `/api/invoices/${first.invoice_id}/pay/`, auth: other.auth, payload: { payment_kind: 'cheque' } });
  expect(probe.statusCode).toBe(404);
});

test('a name bought by someone else after it was added to the cart cannot be paid for', async () => {
  const a = await t.user();
  const b = await t.user();
  const name = freshName();
  await addDomain(a.auth, name);
  await addDomain(b.auth, name);
  await fund(a.id, 100_000);
  await fund(b.id, 100_000);
  expect((await checkout(b.auth)).statusCode).toBe(200);
  const late = await checkout(a.auth);
  expect(late.statusCode).toBe(400);
  expect(late.json()).toEqual({
    error: `${name} is no longer available. Remove it from your cart to continue.`,
  });
  expect(
    ((await t.inject({ url: '/payment/wallet-balance/', auth: a.auth })).json() as { balance: number }[])[0]!
      .balance,
  ).toBe(1000);
  expect(
    (await t.inject({ url: '/api/user_invoice_list/', auth: a.auth })).json().invoices.totalresults,
  ).toBe(0);
});

test('a cart that is not the one the customer confirmed (another tab added to it) is refused, with nothing charged', async () => {
  const u = await t.user();
  await fund(u.id, 100_000);
  expect((await addDomain(u.auth)).statusCode).toBe(200);
  const cart = (await t.inject({ url: '/api/cart/?currency=USD', auth: u.auth })).json() as { items: { id: number; price: string | number }[] };
  const shown = { expected_items: cart.items.map((i) => i.id), expected_total: Number(cart.items[0]!.price) };
  // The dialog is open on one item; another tab adds a second.
  expect((await addDomain(u.auth)).statusCode).toBe(200);
  const pay = (extra: object) =>
    t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'wallet', currency: 'USD', ...extra } });
  const balance = async () => (await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).body;
  const before = await balance();
  for (const extra of [shown, { expected_items: shown.expected_items }, { expected_total: shown.expected_total }]) {
    const refused = await pay(extra);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ cart_changed: true, error: expect.stringMatching(/^Your cart changed while you were paying: its total is now USD [\d.,]+ \(USD [\d.,]+ with VAT\)\. Nothing was charged\./) });
  }
  expect(await balance()).toBe(before);
  expect((await t.inject({ url: '/api/user_invoice_list/', auth: u.auth })).json().invoices.totalresults).toBe(0);
  // Malformed expectations are field errors; the cart as now shown is paid.
  expect((await pay({ expected_items: 'all' })).json()).toHaveProperty('expected_items');
  expect((await pay({ expected_total: '12.345' })).json()).toHaveProperty('expected_total');
  const now = (await t.inject({ url: '/api/cart/?currency=USD', auth: u.auth })).json() as { items: { id: number; price: string | number }[] };
  const total = now.items.reduce((s, i) => s + Math.round(Number(i.price) * 100), 0) / 100;
  const paid = await pay({ expected_items: now.items.map((i) => i.id), expected_total: total.toFixed(2) });
  expect({ status: paid.statusCode, body: paid.json() }).toMatchObject({ status: 200, body: { data: { status: 'Paid' } } });
});

test('money received is mailed: a receipt for each paid invoice (wallet, gateway), once; a deposit names the new balance', async () => {
  const mails = async (to: string) =>
    ((await t.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}` })).json() as { subject: string; text: string }[]).filter((m) =>
      /^(Payment received|Wallet funded)/.test(m.subject),
    );
  const u = await t.user();
  await fund(u.id, 100_000);
  const name = freshName();
  expect((await addDomain(u.auth, name)).statusCode).toBe(200);
  const paid = (await checkout(u.auth)).json().data as { invoicenum: string; total: number };
  const [receipt, ...more] = await mails(u.email);
  expect(more).toEqual([]);
  expect(receipt!.subject).toBe(`Payment received: invoice ${paid.invoicenum} (USD ${paid.total.toFixed(2)})`);
  expect(receipt!.text).toContain(`invoice ${paid.invoicenum} was paid on`);
  expect(receipt!.text).toContain('(Wallet)');
  // Each line once, named as on the invoice; the VAT rate as the invoice page writes it.
  expect(receipt!.text.split(name)).toHaveLength(2);
  expect(receipt!.text).toContain('VAT (7.5 %): USD');
  expect(receipt!.text).toContain(`Total paid: USD ${paid.total.toFixed(2)}`);
  expect(receipt!.text).toContain(`http://localhost:3000/dashboard/invoices/${paid.invoicenum}`);

  // A gateway payment: the receipt comes with the webhook's settlement, once however often it is approved.
  expect((await addDomain(u.auth)).statusCode).toBe(200);
  const pending = (await checkout(u.auth, 'fiat_payment_gateway')).json().data as { authorization_url: string; invoicenum: string };
  expect(await mails(u.email)).toHaveLength(1);
  const path = new URL(pending.authorization_url).pathname;
  await t.inject({ method: 'POST', url: `${path}/approve` });
  await t.inject({ method: 'POST', url: `${path}/approve` });
  const after = await mails(u.email);
  expect(after.map((m) => m.subject.replace(/ \(.*/, ''))).toEqual([`Payment received: invoice ${pending.invoicenum}`, `Payment received: invoice ${paid.invoicenum}`]);
  expect(after[0]!.text).toContain('(Pay with Fiat)');

  // A deposit: the amount and the balance with it.
  const dep = await t.inject({ method: 'POST', url: '/payment/deposit/initiate-payment/', auth: u.auth, payload: { amount: 50, currency: 'USD' } });
  const depPath = new URL((dep.json() as { data: { authorization_url: string } }).data.authorization_url).pathname;
  await t.inject({ method: 'POST', url: `${depPath}/approve` });
  const [funded] = await mails(u.email);
  expect(funded!.subject).toBe('Wallet funded: USD 50.00 received');
  // 1,000.00 funded, the wallet checkout paid from it, the gateway's not.
  const held = (100_000 - Math.round(paid.total * 100) + 5_000) / 100;
  expect(funded!.text).toContain(`Your wallet now holds USD ${held.toLocaleString('en-US', { minimumFractionDigits: 2 })}.`);
  expect(funded!.text).toContain("Your wallet's history: http://localhost:3000/dashboard/wallet?currency=USD");
});

test('a name bought twice by the same customer (two open invoices): the second is refunded as already theirs, its plan set up', async () => {
  const u = await t.user();
  const name = freshName();
  const approve = async (url: string) => t.inject({ method: 'POST', url: `${new URL(url).pathname}/approve` });
  expect((await addDomain(u.auth, name)).statusCode).toBe(200);
  const first = (await checkout(u.auth, 'fiat_payment_gateway')).json().data as { authorization_url: string };
  expect((await addDomain(u.auth, name)).statusCode).toBe(200);
  expect((await addHosting(u.auth)).statusCode).toBe(200);
  const second = (await checkout(u.auth, 'fiat_payment_gateway')).json().data as { authorization_url: string; invoice_id: number };
  await approve(first.authorization_url);
  await approve(second.authorization_url);
  const refunds = await t.db.orm.select().from(walletEntries).where(eq(walletEntries.invoiceId, second.invoice_id));
  expect(refunds.map((r) => r.description)).toEqual([`Refund: ${name} is already yours (an earlier invoice registered it)`]);
  expect((await t.inject({ url: '/api/user_services/', auth: u.auth })).json()).toEqual([expect.objectContaining({ domain: name, status: 'Active' })]);
});

// With PAYSTACK_SECRET_KEY set, fiat payments go to Paystack (here a local double of its API): initialize for the
// payment page, then a webhook signed with the secret key, confirmed with verify before anything is credited.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { signBody } from './signature';

const KEY = 'sk_test_commerce0123456789';
let t: TestApp;
let server: Server;
/** reference -> what the double's verify says */
const verdicts = new Map<string, { status: string; amount: number; currency: string }>();
const initialized: Record<string, unknown>[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${KEY}`)
        return send(401, { status: false, message: 'Invalid key' });
      if (req.url === '/transaction/initialize') {
        const b = JSON.parse(raw) as { reference: string };
        initialized.push(b);
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: { authorization_url: `https://checkout.paystack.com/${b.reference}`, reference: b.reference },
        });
      }
      const ref = decodeURIComponent(req.url?.split('/transaction/verify/')[1] ?? '');
      const v = verdicts.get(ref);
      if (!v) return send(404, { status: false, message: 'Transaction reference not found' });
      send(200, { status: true, message: 'Verification successful', data: { reference: ref, ...v } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t = await startTestApp({
    PAYSTACK_SECRET_KEY: KEY,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const signed = (body: string, key = KEY) => ({
  method: 'POST' as const,
  url: '/payment/webhook/paystack/',
  headers: { 'content-type': 'application/json', 'x-paystack-signature': signBody(key, body) },
  payload: body,
});
const balance = async (auth: string) =>
  (
    (await t.inject({ url: '/payment/wallet-balance/', auth })).json() as {
      balance: number;
      currency: { code: string };
    }[]
  ).find((b) => b.currency.code === 'NGN')!.balance;

test('a deposit is initialized at Paystack in kobo and settled by its signed, verified webhook', async () => {
  const u = await t.user();
  const res = await t.inject({
    method: 'POST',
    url: '/payment/deposit/initiate-payment/',
    auth: u.auth,
    payload: { amount: 2500, currency: 'NGN' },
  });
  expect(res.statusCode).toBe(200);
  const { authorization_url, reference } = res.json().data as {
    authorization_url: string;
    reference: string;
  };
  expect(authorization_url).toBe(`https://checkout.paystack.com/${reference}`);
  expect(initialized.at(-1)).toMatchObject({
    amount: '250000',
    currency: 'NGN',
    email: u.email,
    callback_url: 'http://localhost:3000/dashboard',
  });

  const body = JSON.stringify({
    event: 'charge.success',
    data: { reference, amount: 250000, currency: 'NGN', status: 'success' },
  });
  // Signed with the wrong key: refused. Gateway says it is not paid yet: nothing credited.
  expect((await t.inject(signed(body, 'sk_test_wrongwrongwrong'))).statusCode).toBe(401);
  verdicts.set(reference, { status: 'abandoned', amount: 250000, currency: 'NGN' });
  expect((await t.inject(signed(body))).json()).toEqual({ status: 'rejected' });
  expect(await balance(u.auth)).toBe(0);
  // Verified: credited once.
  verdicts.set(reference, { status: 'success', amount: 250000, currency: 'NGN' });
  expect((await t.inject(signed(body))).json()).toEqual({ status: 'credited' });
  expect((await t.inject(signed(body))).json()).toEqual({ status: 'duplicate' });
  expect(await balance(u.auth)).toBe(2500);
});

test('the sandbox page does not serve Paystack payments', async () => {
  const u = await t.user();
  const { reference } = (
    await t.inject({
      method: 'POST',
      url: '/payment/deposit/initiate-payment/',
      auth: u.auth,
      payload: { amount: 10, currency: 'USD' },
    })
  ).json().data as { reference: string };
  expect((await t.inject({ url: `/sandbox/pay/${reference}` })).statusCode).toBe(404);
  await t.inject({ method: 'POST', url: `/sandbox/pay/${reference}/approve` });
  expect(
    (
      (await t.inject({ url: '/payment/wallet-balance/', auth: u.auth })).json() as { balance: number }[]
    ).every((b) => b.balance === 0),
  ).toBe(true);
});

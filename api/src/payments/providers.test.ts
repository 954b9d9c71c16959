import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaystackProvider } from './paystack-provider';
import { PaymentGatewayError } from './provider';
import { SandboxProvider } from './sandbox-provider';
import { signBody, signatureMatches } from './signature';

describe('signatures', () => {
  it('accepts only the exact HMAC-SHA512 of the exact bytes', () => {
    const body = Buffer.from('{"event":"charge.success"}');
    const sig = signBody('sk_test', body);
    expect(sig).toMatch(/^[0-9a-f]{128}$/);
    expect(signatureMatches('sk_test', body, sig)).toBe(true);
    expect(signatureMatches('sk_test', body, sig.toUpperCase())).toBe(true);
    expect(signatureMatches('sk_other', body, sig)).toBe(false);
    expect(signatureMatches('sk_test', Buffer.from('{"event": "charge.success"}'), sig)).toBe(false);
    expect(signatureMatches('sk_test', body, sig.slice(2))).toBe(false);
    expect(signatureMatches('sk_test', body, undefined)).toBe(false);
    expect(signatureMatches('sk_test', body, [sig])).toBe(false);
  });
});

describe('SandboxProvider', () => {
  const sandbox = new SandboxProvider('http://localhost:8000', 'sandbox-secret');

  it('sends the customer to its own page', async () => {
    const r = await sandbox.initialize({
      reference: 'dep-abc',
      amountMinor: 500000,
      currency: 'NGN',
      email: 'a@b.c',
      purpose: 'deposit',
      kind: 'fiat',
      callbackUrl: 'x',
    });
    expect(r).toEqual({
      authorizationUrl: 'http://localhost:8000/sandbox/pay/dep-abc',
      reference: 'dep-abc',
    });
  });

  it("refuses a reference Paystack would refuse (only letters, digits, '-', '.', '=')", async () => {
    const input = { amountMinor: 100, currency: 'USD', email: 'a@b.c', purpose: 'deposit' as const, kind: 'fiat' as const, callbackUrl: 'x' };
    for (const reference of ['dep_abc', 'a b', 'a/b', '', 'x'.repeat(101)])
      await expect(sandbox.initialize({ ...input, reference })).rejects.toThrow(/Invalid transaction reference/);
    await expect(sandbox.initialize({ ...input, reference: 'dep-1.2=3' })).resolves.toMatchObject({ reference: 'dep-1.2=3' });
  });

  it('signs the events of its page so they verify, and a forged body does not', () => {
    const { body, signature } = sandbox.webhookFor({
      outcome: 'success',
      reference: 'r1',
      amountMinor: 1500,
      currency: 'USD',
    });
    expect(sandbox.verifySignature(Buffer.from(body), { 'x-paystack-signature': signature })).toBe(true);
    expect(sandbox.parseEvent(JSON.parse(body))).toEqual({
      outcome: 'success',
      reference: 'r1',
      amountMinor: 1500,
      currency: 'USD',
    });
    const forged = body.replace('1500', '9999999');
    expect(sandbox.verifySignature(Buffer.from(forged), { 'x-paystack-signature': signature })).toBe(false);
    const other = new SandboxProvider('http://x', 'another-secret');
    expect(other.verifySignature(Buffer.from(body), { 'x-paystack-signature': signature })).toBe(false);
  });

  it('ignores events it does not act on', () => {
    expect(
      sandbox.parseEvent({ event: 'transfer.success', data: { reference: 'r', amount: 1, currency: 'USD' } }),
    ).toBeNull();
    expect(
      sandbox.parseEvent({ event: 'charge.success', data: { reference: 'r', amount: 1.5, currency: 'USD' } }),
    ).toBeNull();
    expect(sandbox.parseEvent('nonsense')).toBeNull();
  });
});

describe('PaystackProvider against a local Paystack double', () => {
  let server: Server;
  let baseUrl: string;
  const seen: { method?: string; url?: string; auth?: string; body?: unknown }[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const raw = await read(req);
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        body: raw ? JSON.parse(raw) : undefined,
      });
      const send = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.url === '/transaction/initialize') {
        const b = JSON.parse(raw) as { reference: string; amount: string };
        if (b.amount === '0') return send(400, { status: false, message: 'Invalid Amount Sent' });
        return send(200, {
          status: true,
          message: 'Authorization URL created',
          data: {
            authorization_url: `https://checkout.paystack.com/${b.reference}`,
            access_code: 'ac',
            reference: b.reference,
          },
        });
      }
      if (req.url === '/transaction/verify/paid_1')
        return send(200, {
          status: true,
          message: 'Verification successful',
          data: { status: 'success', reference: 'paid_1', amount: 250000, currency: 'NGN' },
        });
      if (req.url === '/transaction/verify/open_1')
        return send(200, {
          status: true,
          message: 'Verification successful',
          data: { status: 'ongoing', reference: 'open_1', amount: 250000, currency: 'NGN' },
        });
      send(404, { status: false, message: 'Transaction reference not found' });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const paystack = () => new PaystackProvider({ secretKey: 'sk_test_123', baseUrl });

  it('initializes a transaction in subunits with the secret key', async () => {
    const r = await paystack().initialize({
      reference: 'chk-1',
      amountMinor: 1_234_500,
      currency: 'NGN',
      email: 'demo@example.com',
      purpose: 'checkout',
      kind: 'fiat',
      callbackUrl: 'http://localhost:3000/dashboard/invoices',
    });
    expect(r).toEqual({ authorizationUrl: 'https://checkout.paystack.com/chk-1', reference: 'chk-1' });
    expect(seen.at(-1)).toMatchObject({
      method: 'POST',
      auth: 'Bearer sk_test_123',
      body: {
        email: 'demo@example.com',
        amount: '1234500',
        currency: 'NGN',
        reference: 'chk-1',
        callback_url: 'http://localhost:3000/dashboard/invoices',
      },
    });
  });

  it('turns a refusal or an unreachable gateway into a PaymentGatewayError', async () => {
    await expect(
      paystack().initialize({
        reference: 'z',
        amountMinor: 0,
        currency: 'NGN',
        email: 'e',
        purpose: 'deposit',
        kind: 'fiat',
        callbackUrl: 'x',
      }),
    ).rejects.toThrow(new PaymentGatewayError('Payment gateway: Invalid Amount Sent'));
    const down = new PaystackProvider({ secretKey: 'k', baseUrl: 'http://127.0.0.1:1', timeoutMs: 500 });
    await expect(down.verify({ reference: 'x', providerReference: null })).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('verifies a reference: success is paid, ongoing is not final', async () => {
    const ref = (reference: string) => ({ reference, providerReference: null });
    expect(await paystack().verify(ref('paid_1'))).toEqual({
      state: 'success',
      status: 'success',
      amountMinor: 250000,
      currency: 'NGN',
    });
    expect(await paystack().verify(ref('open_1'))).toEqual({ state: 'open', status: 'ongoing', amountMinor: 250000, currency: 'NGN' });
    await expect(paystack().verify(ref('nope'))).rejects.toBeInstanceOf(PaymentGatewayError);
  });

  it('checks x-paystack-signature with the secret key and reads charge.success only', () => {
    const body = Buffer.from(
      JSON.stringify({
        event: 'charge.success',
        data: { reference: 'paid_1', amount: 250000, currency: 'ngn' },
      }),
    );
    const p = paystack();
    expect(p.verifySignature(body, { 'x-paystack-signature': signBody('sk_test_123', body) })).toBe(true);
    expect(p.verifySignature(body, { 'x-paystack-signature': signBody('sk_live_other', body) })).toBe(false);
    expect(p.verifySignature(body, {})).toBe(false);
    expect(p.parseEvent(JSON.parse(body.toString()))).toEqual({
      outcome: 'success',
      reference: 'paid_1',
      amountMinor: 250000,
      currency: 'NGN',
    });
    expect(
      p.parseEvent({
        event: 'charge.dispute.create',
        data: { reference: 'paid_1', amount: 1, currency: 'NGN' },
      }),
    ).toBeNull();
  });
});

// Transfer codes at rest: what the database holds is never the code (a domain's own, and one given to transfer a name
// in, in its cart and invoice lines); a code stored in clear before encryption is sealed
// (at start-up and on its next reveal) and still reveals the same code; a ciphertext moved to another domain does not open.
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { cartItems, customerDomains, invoiceItems, tlds } from '../db/schema-commerce';
import { domainSettings } from '../db/schema-domains';
import { credit } from '../payments/wallet';
import { eppKeys, isSealed, openEppCode, openTransferCode, sealEppCodesAgain, sealEppCode } from './epp-codes';
import { SimulatedRegistry } from './simulated-registry';

type User = Awaited<ReturnType<TestApp['user']>>;
let t: TestApp;
let owner: User;
let n = 0;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user();
  expect((await t.inject({ method: 'POST', url: '/core/reauth/', auth: owner.auth, payload: { password: 'test-pass-2024' } })).statusCode).toBe(200);
}, 120_000);
afterAll(() => t?.close());

async function unlockedDomain() {
  n += 1;
  const [com] = await t.db.orm.select().from(tlds).where(eq(tlds.tld, 'com'));
  const [d] = await t.db.orm
    .insert(customerDomains)
    .values({
      userId: owner.id,
      domainname: `epp${n}-${owner.username}.com`,
      tldId: com!.id,
      status: 'Active',
      paymentmethodname: 'Wallet',
      registrationDate: '2026-03-03',
      nextduedate: '2027-03-03',
      createdAt: t.clock.now(),
    })
    .returning();
  const res = await t.inject({ method: 'PATCH', url: `/domain/${d!.domainname}/lock/`, auth: owner.auth, payload: { locked: false } });
  expect(res.statusCode).toBe(200);
  return d!;
}
const reveal = async (name: string) => {
  const res = await t.inject({ method: 'POST', url: `/domain/${name}/epp/`, auth: owner.auth, payload: { password: 'test-pass-2024' } });
  expect(res.statusCode).toBe(200);
  return res.json().epp_code as string;
};
const stored = async (id: number) => (await t.db.orm.select().from(domainSettings).where(eq(domainSettings.domainId, id)))[0]!.eppCode!;
const key = () => eppKeys(t.app.config.security);

test('the stored value is not the code: AES-256-GCM, and the same code comes back on every reveal', async () => {
  const d = await unlockedDomain();
  const code = await reveal(d.domainname);
  const raw = await stored(d.id);
  expect(raw).not.toBe(code);
  expect(raw).not.toContain(code);
  expect(raw).toMatch(/^epp1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
  expect(openEppCode(key(), d.id, raw)).toBe(code);
  expect(await reveal(d.domainname)).toBe(code);
  // Nothing rewritten on a plain reveal.
  expect(await stored(d.id)).toBe(raw);
});

test('a code stored in clear is sealed by the start-up sweep and on reveal, and still reveals the same code', async () => {
  const a = await unlockedDomain();
  const b = await unlockedDomain();
  await t.db.orm.update(domainSettings).set({ eppCode: 'Legacy-Code-42!a' }).where(eq(domainSettings.domainId, a.id));
  await t.db.orm.update(domainSettings).set({ eppCode: 'Legacy-Code-43!b' }).where(eq(domainSettings.domainId, b.id));

  // On reveal (lazily).
  expect(await reveal(a.domainname)).toBe('Legacy-Code-42!a');
  expect(isSealed(await stored(a.id))).toBe(true);
  expect(await stored(a.id)).not.toContain('Legacy-Code-42!a');

  // By the sweep the API runs when it starts: every clear row, once.
  expect(await sealEppCodesAgain(t.db.orm, key())).toBeGreaterThanOrEqual(1);
  expect(await sealEppCodesAgain(t.db.orm, key())).toBe(0);
  expect(isSealed(await stored(b.id))).toBe(true);
  expect(await reveal(b.domainname)).toBe('Legacy-Code-43!b');
});

test("another domain's ciphertext, another key or a changed byte does not open", async () => {
  const d = await unlockedDomain();
  const sealed = sealEppCode(key(), d.id, 'Secret-Code-1!xy');
  expect(openEppCode(key(), d.id, sealed)).toBe('Secret-Code-1!xy');
  expect(() => openEppCode(key(), d.id + 1, sealed)).toThrow();
  expect(() => openEppCode(eppKeys({ secretKey: 'another-secret-key-of-32-characters!!', previousKeys: [] }), d.id, sealed)).toThrow();
  const parts = sealed.split('.');
  const body = Buffer.from(parts[3]!, 'base64url');
  body[0] = body[0]! ^ 1;
  expect(() => openEppCode(key(), d.id, [...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
  // The key is HKDF's, not the TOTP secrets' SHA-256 of the same secret.
  expect(key().seal).toHaveLength(32);

  // A stored code that does not open (a copied row): the reveal issues a new code instead of failing.
  const other = await unlockedDomain();
  const code = await reveal(other.domainname);
  await t.db.orm.update(domainSettings).set({ eppCode: await stored(other.id) }).where(eq(domainSettings.domainId, d.id));
  const fresh = await reveal(d.domainname);
  expect(fresh).not.toBe(code);
  expect(openEppCode(key(), d.id, await stored(d.id))).toBe(fresh);
});

test("a code given to transfer a name in is sealed in the cart and on the invoice, bound to the name; the cart shows it", async () => {
  const u = await t.user();
  await credit(t.db.orm, { userId: u.id, currency: 'USD', amountMinor: 100_000, kind: 'deposit', description: 'test funds', now: t.clock.now() });
  const cartCode = async () => (await t.inject({ url: '/api/cart/', auth: u.auth })).json().items[0].metadata.epp_code as string;
  const add = await t.inject({
    method: 'POST',
    url: '/api/cart/',
    auth: u.auth,
    payload: { service_id: 1, product_id: 2, metadata: { domain_name: 'jumia.ng', is_transfer: true, epp_code: ' Tr4nsfer-Code!9 ' } },
  });
  expect(add.statusCode).toBe(200);
  expect(add.json().data.items[0].metadata.epp_code).toBe('Tr4nsfer-Code!9');
  const line = async () => (await t.db.orm.select().from(cartItems).where(eq(cartItems.domainName, 'jumia.ng')))[0]!;
  const raw = (await line()).eppCode!;
  expect(isSealed(raw)).toBe(true);
  expect(raw).not.toContain('Tr4nsfer');
  expect(openTransferCode(key(), 'jumia.ng', raw)).toBe('Tr4nsfer-Code!9');
  expect(() => openTransferCode(key(), 'konga.ng', raw)).toThrow();

  // A line stored in clear before encryption: shown as it is, then sealed by the start-up sweep, and still shown.
  await t.db.orm.update(cartItems).set({ eppCode: 'Legacy-Transfer-7' }).where(eq(cartItems.id, (await line()).id));
  expect(await cartCode()).toBe('Legacy-Transfer-7');
  expect(await sealEppCodesAgain(t.db.orm, key())).toBeGreaterThanOrEqual(1);
  expect(isSealed((await line()).eppCode!)).toBe(true);
  expect(await cartCode()).toBe('Legacy-Transfer-7');

  // Checkout copies the sealed line onto the invoice: still never the code.
  expect((await t.inject({ method: 'POST', url: '/api/checkout/', auth: u.auth, payload: { payment_kind: 'wallet' } })).statusCode).toBe(200);
  const [billed] = await t.db.orm.select().from(invoiceItems).where(eq(invoiceItems.domainName, 'jumia.ng'));
  expect(billed!.eppCode).not.toContain('Legacy-Transfer-7');
  expect(openTransferCode(key(), 'jumia.ng', billed!.eppCode!)).toBe('Legacy-Transfer-7');
  // The transfer request the paid invoice sends to the registry carries the code, opened.
  expect((t.app.commerce.registry as SimulatedRegistry).transferCodeOf('jumia.ng')).toBe('Legacy-Transfer-7');
});

test('after SECURITY_SECRET_KEY changes with the old one listed as previous, codes sealed with it still open, and are sealed again with the new one', async () => {
  const d = await unlockedDomain();
  const code = await reveal(d.domainname);
  // The transfer line of the test before, on its invoice.
  const [line] = await t.db.orm.select().from(invoiceItems).where(eq(invoiceItems.domainName, 'jumia.ng'));
  const old = key();
  const rotated = eppKeys({ secretKey: 'the-new-security-secret-key-0123456789', previousKeys: [t.app.config.security.secretKey] });
  const unlisted = eppKeys({ secretKey: 'the-new-security-secret-key-0123456789', previousKeys: [] });
  const raw = await stored(d.id);
  expect(openEppCode(rotated, d.id, raw)).toBe(code);
  expect(() => openEppCode(unlisted, d.id, raw)).toThrow();
  // The sweep run at start: every code sealed with the old key, once; each then opens with the new key alone.
  expect(await sealEppCodesAgain(t.db.orm, rotated)).toBeGreaterThanOrEqual(1);
  expect(await sealEppCodesAgain(t.db.orm, rotated)).toBe(0);
  expect(openEppCode(unlisted, d.id, await stored(d.id))).toBe(code);
  const resealed = await stored(d.id);
  expect(() => openEppCode(old, d.id, resealed)).toThrow();
  const [after] = await t.db.orm.select().from(invoiceItems).where(eq(invoiceItems.id, line!.id));
  expect(openTransferCode(unlisted, 'jumia.ng', after!.eppCode!)).toBe('Legacy-Transfer-7');
  await t.db.orm.update(invoiceItems).set({ eppCode: line!.eppCode }).where(eq(invoiceItems.id, line!.id));
  // Put back under the app's key for the tests after this one.
  await t.db.orm.update(domainSettings).set({ eppCode: sealEppCode(old, d.id, code) }).where(eq(domainSettings.domainId, d.id));
});

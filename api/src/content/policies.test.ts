// The policies show the current company details (issue 20.4: address, phone and mail are the same everywhere, one
// source): the seeded policies name them by placeholder, the public routes fill them in, escaped, and a change of the
// company details by staff reaches every policy (and the content version) at once.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../commerce/test-app';
import { listMigrations } from '../db/migrate';
import { policies, users } from '../db/schema';
import { COMPANY, POLICIES } from '../seed/content';
import { escapeHtml } from 'shared/format';
import { fillCompany, unknownPlaceholders } from './placeholders';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  const u = await t.user({ staff: true });
  await t.db.orm.update(users).set({ role: 'admin' }).where(eq(users.id, u.id));
  admin = u.auth;
}, 120_000);
afterAll(() => t?.close());

const ROUTES = {
  privacy: ['/manager/privacy_policies/', 'privacy_policy'],
  terms: ['/manager/terms_conditions/', 'terms_and_condition'],
  return: ['/manager/return_and_exchange_policy/', 'return_and_exchange_policy'],
} as const;
type Kind = keyof typeof ROUTES;
const KINDS = Object.keys(ROUTES) as Kind[];

/** The policy a visitor's page reads. */
const served = async (kind: Kind): Promise<string> => {
  const [url, field] = ROUTES[kind];
  const res = await t.inject({ url });
  expect(res.statusCode).toBe(200);
  const body = res.json() as Record<string, string>[];
  expect(body).toHaveLength(1);
  return body[0]![field]!;
};
const version = async () => (await t.inject({ url: '/content/version/' })).json().version as string;
const SEEDED = { about_us: 'x', address: COMPANY.address, phone_number: COMPANY.phone, email: COMPANY.email };
const putCompany = async (details: Partial<typeof SEEDED>) => {
  const { about_us } = (await t.inject({ url: '/staff/content/pages/', auth: admin })).json().company;
  const res = await t.inject({ method: 'PUT', url: '/staff/content/company/', auth: admin, payload: { ...SEEDED, about_us, ...details } });
  expect(res.json()).toEqual({ message: 'Company details saved.' });
};
/** The three policies as the seed wrote them before the placeholders (the seeded details written in). */
const md5 = (s: string) => createHash('md5').update(s, 'utf8').digest('hex');
// MD5s of the policies seeded before this change (api/src/seed/content.ts with the company details interpolated), as
// migration 0900 names them: what visitors read with the seeded company details must stay byte for byte the same.
const BEFORE = { privacy: '0b8133440f1ada972a41cc606020779a', terms: '393cbc431ae054e6bc0b758e320e987a', return: 'f9a609586442c4c3c4844234c4908e29' };
// Migration 0990 rewrote one paragraph of the return policy since (a plan change goes through a support ticket): the
// checks below read the policy as it was before that, and 0990 is run after 0900 where a database seeded before is.
const PLANS_AFTER_0990 =
  '<p>You can move to a bigger or smaller plan at any time: open a support ticket naming the plan you want, and the unused part of the current plan is credited to your wallet towards the new one.</p>';
const PLANS_BEFORE_0990 = '<p>You can move to a bigger or smaller plan at any time; the unused part of the current plan is credited to the new one.</p>';
const before0990 = (kind: Kind, html: string) => (kind === 'return' ? html.replace(PLANS_AFTER_0990, PLANS_BEFORE_0990) : html);

test('with the seeded company details, every policy reads exactly as before (no placeholder shows)', async () => {
  for (const kind of KINDS) {
    const html = await served(kind);
    expect([kind, md5(before0990(kind, html))]).toEqual([kind, BEFORE[kind]]);
    expect(html).not.toContain('{{');
  }
  expect(await served('privacy')).toContain(`writing to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>`);
  expect(await served('privacy')).toContain(`<p>HostHub, ${COMPANY.address}.</p>`);
  expect(await served('return')).toContain(`write to <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>`);
});

test("staff change the company's e-mail and address: every policy shows the new ones, none the old, at once", async () => {
  for (const kind of KINDS) await served(kind); // cached
  const before = await version();
  const email = 'support@new-host.example';
  const address = '7 Marina Road, Lagos Island, Lagos 101001, Nigeria';
  await putCompany({ email, address });
  try {
    expect(await version()).not.toBe(before); // the storefront's server drops its rendered policy pages
    const [privacy, terms, ret] = await Promise.all(KINDS.map(served));
    expect(privacy).toContain(`writing to <a href="mailto:${email}">${email}</a>`);
    expect(privacy).toContain(`<p>HostHub, ${address}.</p>`);
    expect(ret).toContain(`write to <a href="mailto:${email}">${email}</a>`);
    expect(terms).toContain('every service you buy from HostHub.');
    for (const html of [privacy, terms, ret]) {
      expect(html).not.toContain(COMPANY.email);
      expect(html).not.toContain(COMPANY.address);
      expect(html).not.toContain('{{');
    }
    // The About/Contact pages' source says the same.
    expect((await t.inject({ url: '/manager/company_details/' })).json()[0]).toMatchObject({ email, address });
  } finally {
    await putCompany({});
  }
  expect(md5(await served('privacy'))).toBe(BEFORE.privacy);
});

test('company details are escaped in a policy: markup in them shows as text', async () => {
  await putCompany({ address: '<b>Bold</b> Street & "Sons" <img src=x onerror=alert(1)>' });
  try {
    const privacy = await served('privacy');
    expect(privacy).toContain('<p>HostHub, &lt;b&gt;Bold&lt;/b&gt; Street &amp; "Sons" &lt;img src=x onerror=alert(1)&gt;.</p>');
    expect(privacy).not.toContain('<b>');
    expect(privacy).not.toContain('<img');
  } finally {
    await putCompany({});
  }
  // The company's name likewise (it is config.productName: the company details have none), in text and in attributes.
  const values = { name: '<b>Host</b> & "Hub"', address: "O'Neil Road", phone: '+1 <2>', email: 'a@b.example' };
  expect(fillCompany('<p title="{{company.name}}">{{company.name}}, {{ company.address }}, {{company.phone}}</p>', values)).toBe(
    '<p title="&lt;b&gt;Host&lt;/b&gt; &amp; &quot;Hub&quot;">&lt;b&gt;Host&lt;/b&gt; &amp; &quot;Hub&quot;, O&#39;Neil Road, +1 &lt;2&gt;</p>',
  );
  expect(escapeHtml('<b>')).toBe('&lt;b&gt;');
});

test('staff write the placeholders in a policy; the public page fills them, the editor keeps them; a typo is a 400', async () => {
  const original = (await t.inject({ url: '/staff/content/pages/', auth: admin })).json().policies.find((p: { kind: string }) => p.kind === 'return').body;
  expect(original).toBe(POLICIES.return); // the editor shows the placeholders, not the filled text
  const body = '<p>Call <a href="tel:{{company.phone}}">{{company.phone}}</a> or mail <a href="mailto:{{company.email}}">{{ company.email }}</a>.</p>';
  const put = (b: string) => t.inject({ method: 'PUT', url: '/staff/content/policies/return/', auth: admin, payload: { body: b } });
  expect((await put(body)).json()).toEqual({ message: 'Policy saved.' });
  try {
    expect(await served('return')).toBe(
      `<p>Call <a href="tel:${COMPANY.phone}">${COMPANY.phone}</a> or mail <a href="mailto:${COMPANY.email}">${COMPANY.email}</a>.</p>`,
    );
    const pages = (await t.inject({ url: '/staff/content/pages/', auth: admin })).json();
    expect(pages.policies.find((p: { kind: string }) => p.kind === 'return').body).toBe(body); // stored as written (sanitize-html keeps it)
    // A placeholder in a link's address cannot bring a refused scheme back: the filled policy is sanitised again.
    expect((await put('<p><a href="{{company.address}}">Visit us</a></p>')).statusCode).toBe(200);
    await putCompany({ address: 'javascript:alert(1)' });
    try {
      expect(await served('return')).toBe('<p><a>Visit us</a></p>');
    } finally {
      await putCompany({});
    }
    const typo = await put('<p>Mail {{company.mail}} or {{company.e_mail}}.</p>');
    expect(typo.statusCode).toBe(400);
    expect(typo.json()).toEqual({
      body: ['Unknown placeholder {{company.mail}}, {{company.e_mail}}: use {{company.name}}, {{company.address}}, {{company.phone}} or {{company.email}}.'],
    });
  } finally {
    expect((await put(original)).statusCode).toBe(200);
  }
  expect(md5(before0990('return', await served('return')))).toBe(BEFORE.return);
  expect(unknownPlaceholders('{{company.email}} {{ company.x }} {{other}}')).toEqual(['{{ company.x }}']);
});

test('a database seeded before gets the placeholders from migration 0900; a policy staff edited is left alone', async () => {
  const seeded = { name: 'HostHub', address: COMPANY.address, phone: COMPANY.phone, email: COMPANY.email };
  const rows = await t.db.orm.select().from(policies);
  const set = (kind: Kind, body: string) => t.db.orm.update(policies).set({ body }).where(eq(policies.kind, kind));
  // privacy and return as seeded before (details written in); terms as seeded before but edited by staff since.
  await set('privacy', fillCompany(POLICIES.privacy, seeded));
  await set('return', fillCompany(before0990('return', POLICIES.return), seeded));
  const edited = fillCompany(POLICIES.terms, seeded).replace('1 March 2024', '2 March 2024');
  await set('terms', edited);
  expect(md5(fillCompany(POLICIES.privacy, seeded))).toBe(BEFORE.privacy);
  const migration = listMigrations().find((m) => m.name === '0900_policy_company_placeholders.sql');
  await t.db.session((s) => s.exec(migration!.sql));
  const after = Object.fromEntries((await t.db.orm.select().from(policies)).map((r) => [r.kind, r.body]));
  expect(after).toEqual({ privacy: POLICIES.privacy, return: before0990('return', POLICIES.return), terms: edited });
  const plans = listMigrations().find((m) => m.name === '0990_truthful_faqs.sql');
  await t.db.session((s) => s.exec(plans!.sql));
  expect((await t.db.orm.select().from(policies).where(eq(policies.kind, 'return')))[0]!.body).toBe(POLICIES.return);
  // The terms as seeded before get them too.
  await set('terms', fillCompany(POLICIES.terms, seeded));
  await t.db.session((s) => s.exec(migration!.sql));
  expect((await t.db.orm.select().from(policies).where(eq(policies.kind, 'terms')))[0]!.body).toBe(POLICIES.terms);
  for (const r of rows) await t.db.orm.update(policies).set({ body: r.body }).where(eq(policies.id, r.id));
  await t.app.content.invalidate();
});

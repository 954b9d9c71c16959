// Public content through the HTTP API: every list of WIRE.md 'Content', its images, and the in-memory cache.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { listMigrations } from '../db/migrate';
import { blogPosts, faqs, hostingPlans, managerServices, policies, pricingPlans, services, testimonials } from '../db/schema';
import { createTestApp, type TestApp } from '../test/app';
import { rowsOf } from '../db';
import { ContentCache } from './cache';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json();
};
const absoluteImage = (url: unknown) => {
  expect(typeof url).toBe('string');
  expect(url as string).toMatch(new RegExp(`^${t.config.apiBaseUrl}/static/.+\\.(svg|jpg|png)$`));
};

describe('/manager/* lists', () => {
  it.each([
    ['/manager/privacy_policies/', 'privacy_policy'],
    ['/manager/terms_conditions/', 'terms_and_condition'],
    ['/manager/return_and_exchange_policy/', 'return_and_exchange_policy'],
  ])('%s returns one HTML policy in %s', async (url, field) => {
    const body = await get(url);
    expect(body).toHaveLength(1);
    expect(Object.keys(body[0]).sort()).toEqual(['id', field].sort());
    expect(body[0][field]).toMatch(/^<h1>/);
    // Trailing slash optional.
    expect(await get(url.slice(0, -1))).toEqual(body);
  });

  it('faqs', async () => {
    const body = await get('/manager/faqs/');
    expect(body.length).toBeGreaterThanOrEqual(5);
    for (const f of body) expect(Object.keys(f).sort()).toEqual(['answer', 'id', 'question']);
  });

  it('slide_images with absolute image URLs', async () => {
    const body = await get('/manager/slide_images/');
    expect(body.length).toBeGreaterThanOrEqual(3);
    for (const s of body) {
      absoluteImage(s.image);
      expect(s.alt).toBeTruthy();
    }
  });

  it('packages and pricing plans (package = 1-based index, price in major units, features with line breaks)', async () => {
    const pkgs = await get('/manager/packages/');
    expect(pkgs).toHaveLength(3);
    for (const p of pkgs) expect(Object.keys(p).sort()).toEqual(['description', 'id', 'name']);
    const plans = await get('/manager/pricing_plans/');
    expect(plans.length).toBeGreaterThanOrEqual(3);
    for (const p of plans) {
      expect(p.package).toBeGreaterThanOrEqual(1);
      expect(p.package).toBeLessThanOrEqual(pkgs.length);
      expect(typeof p.price).toBe('number');
      expect(Math.round(p.price * 100)).toBe(p.price * 100);
      expect(p.billing_period).toMatch(/month|year/);
      expect(p.features).toContain('\n');
    }
    expect(plans[0]).toMatchObject({ package: 1, price: 2.99, billing_period: 'month' });
  });

  it('testimonials', async () => {
    const body = await get('/manager/testimonials/');
    expect(body.length).toBeGreaterThanOrEqual(3);
    for (const x of body) {
      expect(Object.keys(x).sort()).toEqual(['id', 'image', 'message', 'name', 'position']);
      absoluteImage(x.image);
    }
  });

  it('company_details in Lagos', async () => {
    const [c] = await get('/manager/company_details/');
    expect(Object.keys(c).sort()).toEqual(['about_us', 'address', 'email', 'id', 'phone_number']);
    expect(c.address).toContain('Lagos');
    expect(c.email).toMatch(/@/);
  });

  it('services block', async () => {
    const body = await get('/manager/services/');
    expect(body.length).toBeGreaterThanOrEqual(3);
    for (const s of body) {
      expect(Object.keys(s).sort()).toEqual(['description', 'id', 'image', 'title']);
      absoluteImage(s.image);
    }
  });
});

describe('services', () => {
  it('/api/services/ lists 1 Domain and 2-4 hosting, each hosting with 3+ plans', async () => {
    const body = await get('/api/services/');
    expect(body.map((s: { id: number }) => s.id)).toEqual([1, 2, 3, 4]);
    expect(body[0]).toMatchObject({ id: 1, name: 'Domain', type: 'domain', hosting_plans: [] });
    for (const s of body.slice(1)) {
      expect(s.type).toBe('hosting');
      absoluteImage(s.image);
      expect(s.hosting_plans.length).toBeGreaterThanOrEqual(3);
      for (const p of s.hosting_plans) {
        expect(p).toMatchObject({ service: s.id });
        expect(typeof p.id).toBe('number');
        expect(typeof p.price).toBe('number');
        expect(p.description).toContain('\n');
      }
    }
  });

  it('/hosting/services/ lists only hosting services', async () => {
    const body = await get('/hosting/services/');
    expect(body.map((s: { id: number }) => s.id)).toEqual([2, 3, 4]);
  });
});

describe('blog', () => {
  it('lists about a dozen posts, newest first, with images and authors', async () => {
    const posts = await get('/blog/blogposts/');
    expect(posts.length).toBeGreaterThanOrEqual(10);
    const dates = posts.map((p: { created_at: string }) => Date.parse(p.created_at));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    for (const p of posts) {
      expect(Object.keys(p).sort()).toEqual(['author', 'content', 'created_at', 'id', 'image', 'slug', 'title']);
      absoluteImage(p.image);
      // A post's cover is its link-preview picture (og:image): a raster one, as previews never show SVG.
      expect(p.image).toMatch(/\.jpg$/);
      expect(p.content).toMatch(/<p>/);
    }
  });

  it('gets one post by slug or by id; unknown is 404 {detail}', async () => {
    const [first] = await get('/blog/blogposts/');
    expect(await get(`/blog/blogposts/${first.slug}`)).toEqual(first);
    expect(await get(`/blog/blogposts/${first.id}/`)).toEqual(first);
    const missing = await t.app.inject({ method: 'GET', url: '/blog/blogposts/no-such-post' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });
  it('a database from before the JPEG covers gets them from its migration; a picture staff chose is kept', async () => {
    const rows = await t.db.orm.select().from(blogPosts).orderBy(asc(blogPosts.id)).limit(4);
    const [seeded, chosen, typed, prefixed] = rows as [(typeof rows)[number], (typeof rows)[number], (typeof rows)[number], (typeof rows)[number]];
    const set = (id: number, image: string) => t.db.orm.update(blogPosts).set({ image }).where(eq(blogPosts.id, id));
    await set(seeded.id, `/static/blog/${seeded.slug}.svg`);
    await set(chosen.id, '/static/features/ssl.svg');
    await set(typed.id, 'blog/default.jpg'); // what a staff post named no cover was given, without /static/
    await set(prefixed.id, 'static/features/ssl.svg'); // a path typed without its leading '/', which worked
    const migration = listMigrations().find((m) => m.name === '0800_blog_covers.sql');
    await t.db.session((s) => s.exec(migration!.sql));
    const images = await t.db.orm.select({ id: blogPosts.id, image: blogPosts.image }).from(blogPosts).where(inArray(blogPosts.id, rows.map((r) => r.id)));
    expect(Object.fromEntries(images.map((r) => [r.id, r.image]))).toEqual({
      [seeded.id]: `/static/blog/${seeded.slug}.jpg`,
      [chosen.id]: '/static/features/ssl.svg',
      [typed.id]: '/static/blog/default.jpg',
      [prefixed.id]: '/static/features/ssl.svg',
    });
    for (const r of rows) await set(r.id, r.image);
    await t.app.content.invalidate();
  });
  it('a database from before the raster pictures gets them from its migration; a picture staff chose is kept', async () => {
    const tables = [
      [services, '/static/services/vps-hosting', '.jpg'],
      [testimonials, '/static/testimonials/grace-adeyemi', '.png'],
      [managerServices, '/static/features/ssl', '.png'],
    ] as const;
    const before: { table: (typeof tables)[number][0]; id: number; image: string }[] = [];
    for (const [table, seeded] of tables) {
      const [a, b] = await t.db.orm.select({ id: table.id, image: table.image }).from(table).orderBy(asc(table.id)).limit(2);
      before.push({ table, ...a! }, { table, ...b! });
      await t.db.orm.update(table).set({ image: `${seeded}.svg` }).where(eq(table.id, a!.id));
      await t.db.orm.update(table).set({ image: '/static/slides/slide-2.svg' }).where(eq(table.id, b!.id)); // staff's choice
    }
    const migration = listMigrations().find((m) => m.name === '0850_raster_pictures.sql');
    await t.db.session((s) => s.exec(migration!.sql));
    for (const [i, [table, seeded, ext]] of tables.entries()) {
      const ids = [before[2 * i]!.id, before[2 * i + 1]!.id];
      const after = await t.db.orm.select({ id: table.id, image: table.image }).from(table).where(inArray(table.id, ids)).orderBy(asc(table.id));
      expect(after.map((r) => r.image)).toEqual([`${seeded}${ext}`, '/static/slides/slide-2.svg']);
    }
    for (const { table, id, image } of before) await t.db.orm.update(table).set({ image }).where(eq(table.id, id));
    await t.app.content.invalidate();
  });
});

describe('plan promises', () => {
  it('no plan promises a free domain, which checkout never gave; 0980 takes the line out of plans that still list it', async () => {
    const texts = async () => [
      ...(await t.db.orm.select({ id: hostingPlans.id, text: hostingPlans.description }).from(hostingPlans)),
      ...(await t.db.orm.select({ id: pricingPlans.id, text: pricingPlans.features }).from(pricingPlans)),
    ];
    expect((await texts()).filter((p) => p.text.includes('Free domain'))).toEqual([]);
    // A database seeded before: the Business plans as they were.
    const [plan] = await t.db.orm.select().from(hostingPlans).where(eq(hostingPlans.name, 'Business')).limit(1);
    const [price] = await t.db.orm.select().from(pricingPlans).orderBy(asc(pricingPlans.id)).limit(1);
    await t.db.orm.update(hostingPlans).set({ description: `${plan!.description}\nFree domain for a year` }).where(eq(hostingPlans.id, plan!.id));
    await t.db.orm.update(pricingPlans).set({ features: `${price!.features}\nFree domain for a year\n2 months free` }).where(eq(pricingPlans.id, price!.id));
    const migration = listMigrations().find((m) => m.name === '0980_no_free_domain_promise.sql');
    await t.db.session((s) => s.exec(migration!.sql));
    const [planAfter] = await t.db.orm.select().from(hostingPlans).where(eq(hostingPlans.id, plan!.id));
    const [priceAfter] = await t.db.orm.select().from(pricingPlans).where(eq(pricingPlans.id, price!.id));
    expect(planAfter!.description).toBe(plan!.description);
    expect(priceAfter!.features).toBe(`${price!.features}\n2 months free`);
    await t.db.orm.update(pricingPlans).set({ features: price!.features }).where(eq(pricingPlans.id, price!.id));
    await t.app.content.invalidate();
  });
});

describe('what the FAQs and the return policy promise', () => {
  it('no fixed VAT rate and no plan change from the dashboard; 0990 mends texts seeded before, not texts staff edited', async () => {
    const answers = async () => (await get('/manager/faqs/')).map((f: { answer: string }) => f.answer).join('\n');
    const returnPolicy = async () => JSON.stringify(await get('/manager/return_and_exchange_policy/'));
    expect(await answers()).not.toMatch(/7\.5|from your dashboard\. You only pay/);
    expect(await answers()).toContain('Open a support ticket from your dashboard naming the plan you want');
    expect(await returnPolicy()).toContain('credited to your wallet towards the new one');
    // A database seeded before: the old texts, and one answer staff rewrote in their own words.
    const rows = await t.db.orm.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id));
    const vat = rows.find((f) => f.question === 'Is VAT included in your prices?')!;
    const upgrade = rows.find((f) => f.question === 'Can I upgrade my hosting plan later?')!;
    const [policy] = await t.db.orm.select().from(policies).where(eq(policies.kind, 'return'));
    await t.db.orm.update(faqs).set({ answer: 'No. Prices are listed without VAT; 7.5% VAT is added at checkout.' }).where(eq(faqs.id, vat.id));
    await t.db.orm.update(faqs).set({ answer: 'Ask us: 7.5% VAT applies.' }).where(eq(faqs.id, upgrade.id));
    await t.db.orm
      .update(policies)
      .set({ body: policy!.body.replace(/<p>You can move[^<]*<\/p>/, '<p>You can move to a bigger or smaller plan at any time; the unused part of the current plan is credited to the new one.</p>') })
      .where(eq(policies.id, policy!.id));
    const migration = listMigrations().find((m) => m.name === '0990_truthful_faqs.sql');
    await t.db.session((x) => x.exec(migration!.sql));
    const after = await t.db.orm.select().from(faqs).where(inArray(faqs.id, [vat.id, upgrade.id])).orderBy(asc(faqs.id));
    expect(after.find((f) => f.id === vat.id)!.answer).toBe(vat.answer);
    expect(after.find((f) => f.id === upgrade.id)!.answer).toBe('Ask us: 7.5% VAT applies.');
    const [policyAfter] = await t.db.orm.select().from(policies).where(eq(policies.id, policy!.id));
    expect(policyAfter!.body).toBe(policy!.body);
    await t.db.orm.update(faqs).set({ answer: upgrade.answer }).where(eq(faqs.id, upgrade.id));
    await t.app.content.invalidate();
  });
});

describe('images and cache', () => {
  it('every image URL in the content is a file the API serves, cacheable and usable cross-origin', async () => {
    const urls = new Set<string>();
    for (const url of ['/manager/slide_images/', '/manager/testimonials/', '/manager/services/', '/api/services/', '/blog/blogposts/']) {
      for (const item of await get(url)) urls.add(item.image);
    }
    expect(urls.size).toBeGreaterThanOrEqual(25);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url: url.replace(t.config.apiBaseUrl, '') });
      expect(res.statusCode).toBe(200);
      if (url.endsWith('.jpg')) {
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      } else if (url.endsWith('.png')) {
        expect(res.headers['content-type']).toBe('image/png');
        expect(res.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      } else {
        // Only the slides are SVG: the first is the home page's largest paint (scripts/raster-images.mjs).
        expect(url).toMatch(/\/static\/slides\//);
        expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
        expect(res.body).toMatch(/<svg [^>]*viewBox="0 0 \d+ \d+"/);
      }
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    }
  });

  it("a cover is WebP to a browser that accepts it, JPEG to others (a link preview's crawler), one URL, Vary: Accept", async () => {
    const browser = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'; // Chromium's image request
    const crawler = '*/*';
    const cover = (await get('/blog/blogposts/'))[0].image.replace(t.config.apiBaseUrl, '');
    const webp = await t.app.inject({ method: 'GET', url: cover, headers: { accept: browser } });
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(webp.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(webp.headers.vary).toMatch(/accept/i);
    expect(webp.headers['cache-control']).toContain('max-age=31536000');
    for (const accept of [crawler, undefined, 'image/webp;q=0, image/*']) {
      const jpeg = await t.app.inject({ method: 'GET', url: cover, headers: accept ? { accept } : {} });
      expect([accept, jpeg.headers['content-type']]).toEqual([accept, 'image/jpeg']);
      expect(jpeg.headers.vary).toMatch(/accept/i);
      expect(jpeg.rawPayload.length).toBeGreaterThan(webp.rawPayload.length * 1.5);
    }
    // A picture with no WebP beside it is the same to everyone, and says so (no Vary).
    const svg = await t.app.inject({ method: 'GET', url: '/static/features/ssl.svg', headers: { accept: browser } });
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.headers.vary ?? '').not.toMatch(/accept/i);
    // A PNG (transparent artwork) likewise.
    const avatar = (await get('/manager/testimonials/'))[0].image.replace(t.config.apiBaseUrl, '');
    expect(avatar).toMatch(/\.png$/);
    for (const [accept, type] of [[browser, 'image/webp'], [crawler, 'image/png']]) {
      expect((await t.app.inject({ method: 'GET', url: avatar, headers: { accept } })).headers['content-type']).toBe(type);
    }
    // The WebP by its own name, and nothing outside the folder through the route.
    expect((await t.app.inject({ method: 'GET', url: cover.replace(/\.jpg$/, '.webp') })).headers['content-type']).toBe('image/webp');
    for (const url of ['/static/blog/nothing.jpg', '/static/blog/..%2F..%2Fpackage.json', '/static/..%2Fsrc/app.ts', '/static/blog/%00.jpg', '/static/blog/..', '/static/%2e%2e/package.json']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: browser } });
      expect([url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
    }
  });

  it('serves lists from memory until invalidated', async () => {
    const before = await get('/manager/faqs/');
    await t.db.orm.update(faqs).set({ question: 'Changed behind the cache?' }).where(eq(faqs.id, before[0].id));
    expect(await get('/manager/faqs/')).toEqual(before);
    await t.app.content.invalidate();
    expect((await get('/manager/faqs/'))[0].question).toBe('Changed behind the cache?');
  });

  it('GET /content/version/ changes whenever content is written (the storefront server drops its pages)', async () => {
    const first = await get('/content/version/');
    expect(first).toEqual({ version: expect.any(String) });
    expect((await get('/content/version/')).version).toBe(first.version);
    await t.app.content.invalidate();
    const second = await get('/content/version/');
    expect(second.version).not.toBe(first.version);
    const res = await t.app.inject({ method: 'GET', url: '/content/version/' });
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the content version is the database\'s (one for every node), and never goes back to an older one that came late', async () => {
    const stored = async () => rowsOf<{ version: string }>(await t.db.orm.execute(sql`SELECT version FROM content_version`))[0]!.version;
    const written = await t.app.content.invalidate();
    expect(written).toMatch(/^\d+-[\w-]+$/);
    expect(await stored()).toBe(written);
    expect((await get('/content/version/')).version).toBe(written);
    // Another node's write arrives (its event carries the version it wrote): followed, and the lists are read again.
    const serial = Number(written.split('-')[0]);
    const before = await get('/manager/faqs/');
    await t.db.orm.update(faqs).set({ question: 'Written through another node?' }).where(eq(faqs.id, before[0].id));
    await t.app.content.follow(`${serial + 1}-other`);
    expect((await get('/content/version/')).version).toBe(`${serial + 1}-other`);
    expect((await get('/manager/faqs/'))[0].question).toBe('Written through another node?');
    // The event of an earlier write, late: the caches drop, the version stays.
    await t.app.content.follow(written);
    expect((await get('/content/version/')).version).toBe(`${serial + 1}-other`);
    // Events missed (the listener was cut): the lists are read again, and the database's version taken if newer.
    await t.app.content.follow();
    expect((await get('/content/version/')).version).toBe(`${serial + 1}-other`);
    await t.db.orm.execute(sql`UPDATE content_version SET serial = ${serial + 2}, version = ${`${serial + 2}-stored`}`);
    await t.app.content.follow();
    expect((await get('/content/version/')).version).toBe(`${serial + 2}-stored`);
  });

  it('a node on a version of its own (the database could not be written) takes the database\'s from the same serial on', () => {
    const cache = new ContentCache();
    expect(cache.isNewer('1-a')).toBe(true); // a node that has read none yet
    cache.invalidate('5-a');
    cache.invalidate(cache.ownVersion('x'));
    expect(cache.version).toBe('6-own-x');
    // Another node's write got serial 6: the cluster agrees on it again (before, this node waited for a 7th write).
    expect([cache.isNewer('5-a'), cache.isNewer('6-own-y'), cache.isNewer('6-b'), cache.isNewer('7-c')]).toEqual([false, false, true, true]);
    cache.invalidate('6-b');
    expect([cache.isNewer('6-c'), cache.isNewer('6-own-z'), cache.isNewer('7-c')]).toEqual([false, false, true]);
  });
});

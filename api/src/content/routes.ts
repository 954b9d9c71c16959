// Public content of spec section 7: /manager/* lists, services with hosting plans, blog. Served from memory.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http/errors';
import { arr, detail, int, num, obj, str } from '../http/openapi';
import { ContentCache } from './cache';
import { type CompanyValues, fillCompany } from './placeholders';
import { sanitizeHtml } from './sanitize';
import { ContentRepository } from './repository';
import { rowsOf } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    content: {
      /** After writing content (an admin edit, a seed run): a new content version for every node (kept in the
       *  database, so all of them give the same one), and this node's cached content dropped. Gives the version. */
      invalidate(): Promise<string>;
      /** Content was written through another node (`version`: the one it wrote), or its news may have been missed (no
       *  version: read the database's): this node's cached content is dropped and it gives that version. */
      follow(version?: string): Promise<void>;
      /** `listener` runs whenever this node drops its cached content (a write here, another node's, a version read
       *  from the database): what is built from content (the price book) drops with it. */
      onDrop(listener: () => void): void;
    };
  }
}

const tags = ['content'];
const image = str('absolute URL under <API_BASE_URL>/static/');
const plan = obj({ id: int, name: str(), price: num, description: str('lines separated by \\n'), service: int });
const service = obj({ id: int, name: str(), description: str(), image, type: str('domain | hosting'), hosting_plans: arr(plan) });
const post = obj({ id: int, slug: str(), title: str(), content: str('HTML'), image, author: str(), created_at: str('ISO 8601') });

// fastify-plugin: the `content` decorator is visible app-wide (for modules that write content).
export const contentRoutes = fp(async (app: FastifyInstance) => {
  const repo = new ContentRepository(app.db.orm, app.config.apiBaseUrl);
  const cache = new ContentCache();
  const dropListeners: (() => void)[] = [];
  const drop = (version: string) => {
    cache.invalidate(version);
    for (const listener of dropListeners) listener();
  };
  const invalidate = async (): Promise<string> => {
    try {
      const set = sql`serial = serial + 1, version = (serial + 1)::text || '-' || ${randomBytes(9).toString('base64url')}`;
      const version = rowsOf<{ version: string }>(await app.db.orm.execute(sql`UPDATE content_version SET ${set} RETURNING version`))[0]?.version;
      if (!version) throw new Error('content_version has no row');
      drop(version);
      return version;
    } catch (err) {
      // This node's pages still change; the others follow by the cluster event, which carries the version.
      app.log.error({ err }, 'the content version could not be written: this node gives its own until the next write');
      const version = cache.ownVersion(randomBytes(9).toString('base64url'));
      drop(version);
      return version;
    }
  };
  const takeStored = async () => {
    const version = rowsOf<{ version: string }>(await app.db.orm.execute(sql`SELECT version FROM content_version`))[0]?.version;
    if (version && cache.isNewer(version)) drop(version);
  };
  const follow = async (version?: string): Promise<void> => {
    if (version !== undefined) return drop(version);
    // Events may have been missed: the lists are read again, and the stored version taken if it is newer.
    drop(cache.version);
    await takeStored().catch((err) => app.log.error({ err }, 'the content version could not be read: the next request reads it again'));
  };
  // Nodes that share the database read the stored version before each answer (one row by its key): an edit through
  // another node is seen at once, not when its event arrives (before it, this node gave the old version, or its old
  // lists under the new one, and the storefront's server kept that page). Embedded, this process is the only writer.
  const shared = app.db.kind === 'postgres';
  // A failed read leaves the node's cached lists (a database hiccup must not fail every public page): served as they are.
  const stored = shared
    ? (request: FastifyRequest) => takeStored().catch((err) => request.log.warn({ err }, 'the content version could not be read: cached content served'))
    : async () => {};
  app.decorate('content', { invalidate, follow, onDrop: (listener: () => void) => void dropListeners.push(listener) });

  const list = (url: string, key: string, load: () => Promise<unknown>, summary: string, item: unknown) =>
    app.get(url, { schema: { tags, summary, response: { 200: arr(item) } } }, async (request, reply) => {
      await stored(request);
      const body = await cache.serialized(key, load);
      return reply.type('application/json; charset=utf-8').send(body);
    });

  const companyDetails = () => cache.value('company', () => repo.companyDetails());
  // A policy names the company's details by placeholder ({{company.email}}, ./placeholders.ts): it is served with the
  // current ones, escaped. A write of the company details invalidates the cache (and the content version) like any
  // content write, so a cached policy never keeps the old ones.
  const policy = (kind: 'privacy' | 'terms' | 'return') => async () => {
    const [company] = await companyDetails();
    const values: CompanyValues = {
      name: app.config.productName,
      address: company?.address ?? '',
      phone: company?.phone_number ?? '',
      email: company?.email ?? '',
    };
    // Sanitised again once filled: a placeholder in an attribute (href="{{company.address}}") cannot bring back a
    // scheme the allow-list refuses (a company address typed as 'javascript:…').
    return repo.policies(kind, (html) => sanitizeHtml(fillCompany(html, values)));
  };
  const filled = 'HTML; the company name, address, phone and e-mail in it are the current company details';
  list('/manager/privacy_policies/', 'privacy', policy('privacy'), 'Privacy policy (HTML)', obj({ id: int, privacy_policy: str(filled) }));
  list('/manager/terms_conditions/', 'terms', policy('terms'), 'Terms and conditions (HTML)', obj({ id: int, terms_and_condition: str(filled) }));
  list(
    '/manager/return_and_exchange_policy/',
    'return',
    policy('return'),
    'Return and exchange policy (HTML)',
    obj({ id: int, return_and_exchange_policy: str(filled) }),
  );
  list('/manager/faqs/', 'faqs', () => repo.faqs(), 'Frequently asked questions', obj({ id: int, question: str(), answer: str() }));
  list('/manager/slide_images/', 'slides', () => repo.slides(), 'Home page slideshow', obj({ id: int, image, alt: str() }));
  list('/manager/packages/', 'packages', () => repo.packages(), 'Hosting packages', obj({ id: int, name: str(), description: str() }));
  list(
    '/manager/pricing_plans/',
    'pricing',
    () => repo.pricingPlans(),
    'Pricing plans (package = 1-based index into /manager/packages/)',
    obj({ id: int, package: int, price: num, billing_period: str(), features: str('lines separated by \\n') }),
  );
  list(
    '/manager/testimonials/',
    'testimonials',
    () => repo.testimonials(),
    'Testimonials',
    obj({ id: int, name: str(), position: str(), message: str(), image }),
  );
  list(
    '/manager/company_details/',
    'company',
    companyDetails,
    'Company details',
    obj({ id: int, about_us: str(), address: str(), phone_number: str(), email: str() }),
  );
  list('/manager/services/', 'manager-services', () => repo.managerServices(), "Home page's services block", obj({ id: int, title: str(), description: str(), image }));
  list('/api/services/', 'services', () => repo.services(), 'Services (1 = domain, 2-4 hosting) with their hosting plans', service);
  list('/hosting/services/', 'hosting-services', () => repo.services('hosting'), 'Hosting services with their plans', service);
  list('/blog/blogposts/', 'blog', () => repo.blogPosts(), 'Blog posts, newest first', post);

  type Post = Awaited<ReturnType<ContentRepository['blogPosts']>>[number];
  const postIndex = () =>
    cache.value('blog:index', async () => {
      const posts = await cache.value('blog', () => repo.blogPosts());
      const index = new Map<string, string>();
      for (const p of posts as Post[]) {
        const json = JSON.stringify(p);
        index.set(p.slug, json);
        index.set(String(p.id), json);
      }
      return index;
    });

  // Cheap to ask often: the storefront's server drops its cached pages when this changes (issue 21 item 3).
  app.get(
    '/content/version/',
    { schema: { tags, summary: 'Version of the public content; changes whenever staff edit content', response: { 200: obj({ version: str() }) } } },
    async (request, reply) => {
      await stored(request);
      return reply.header('Cache-Control', 'no-cache').send({ version: cache.version });
    },
  );

  app.get<{ Params: { key: string } }>(
    '/blog/blogposts/:key',
    {
      schema: {
        tags,
        summary: 'One blog post, by slug or id',
        params: obj({ key: str('slug or numeric id') }),
        response: { 200: post, 404: detail },
      },
    },
    async (request, reply) => {
      await stored(request);
      const json = (await postIndex()).get(request.params.key);
      if (!json) throw notFound();
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}, { name: 'storefront-content' });

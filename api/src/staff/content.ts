// Staff content (admin): blog posts (create, edit, publish, unpublish), the three policies, FAQs and the company
// details. HTML is refused when it could run anything (fields.ts); every write drops the public content cache
// (content/cache.ts), so the public pages show the change at the next request. A policy writes the company's details
// as {{company.name}}, {{company.address}}, {{company.phone}} or {{company.email}}: the public routes put the current
// company details there (content/placeholders.ts), so a change of the company details reaches every policy.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { textField } from '../commerce/fields';
import { STATIC_DIR } from '../config';
import { placeholderList, unknownPlaceholders } from '../content/placeholders';
import { isRowId, rowIdIn, type Executor } from '../db';
import { blogPosts, companyDetails, faqs, policies } from '../db/schema';
import { detailError, notFound, parseBody, validationError } from '../http/errors';
import { audit } from './audit';
import { htmlField, plainTextField } from './fields';
import { staffOf } from './plugin';

const POLICY_KINDS = ['privacy', 'terms', 'return'] as const;

/**
 * Two staff editing one item: each save may carry the `version` the console read (a digest of the item's editable
 * values: a post's own `version`, the pages' `versions`). A save whose version is no longer the item's is refused (409) instead of silently
 * overwriting what the other saved meanwhile. Without a version a save applies as before.
 */
const versionOf = (values: unknown) => createHash('sha256').update(JSON.stringify(values)).digest('base64url').slice(0, 16);
const versionField = v.optional(v.pipe(v.string('Not a valid string.'), v.maxLength(64, 'Not a version of this item.')));
export const CONTENT_CONFLICT = (what: string) =>
  `Someone else saved this ${what} after you opened it. Your text is still in the form: copy it, reload the page to see their version, then make your change again.`;
function checkVersion(given: string | undefined, current: unknown, what: string) {
  if (given !== undefined && given !== versionOf(current)) throw detailError(409, CONTENT_CONFLICT(what));
}
/** The house cover (api/static/blog/default.jpg, drawn by scripts/raster-images.mjs) for a post given none. */
const DEFAULT_IMAGE = '/static/blog/default.jpg';

/**
 * A post's cover as stored: a file the API serves under /static/, named with or without that prefix ('blog/x.jpg'
 * or '/static/blog/x.jpg'). A name that leaves the folder or names no file is a field error, not a broken picture.
 */
function coverPath(given: string | undefined): string {
  if (given === undefined) return DEFAULT_IMAGE;
  const name = given.replace(/^\/?(static\/)?/, '');
  const file = path.join(STATIC_DIR, name);
  const inside = !name.split('/').includes('..') && file.startsWith(STATIC_DIR + path.sep);
  if (!inside || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
    throw validationError({ image: 'No picture has this path under /static/.' });
  }
  return `/static/${name}`;
}

const slugField = v.optional(
  v.pipe(
    v.string('Not a valid string.'),
    v.trim(),
    v.toLowerCase(),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and single hyphens.'),
    v.maxLength(120, 'Ensure this field has no more than 120 characters.'),
  ),
);
const NewPost = v.object({
  title: plainTextField(200, 'Enter a title.'),
  content: htmlField(100_000, 'Write the post.'),
  slug: slugField,
  author: v.optional(textField(100, 'Enter the author.')),
  image: v.optional(v.pipe(v.string(), v.trim(), v.regex(/^[\w./-]{1,200}$/, 'Give the image path under /static/.'))),
  published: v.optional(v.boolean('published is true or false.'), false),
});
const PatchPost = v.object({
  title: v.optional(plainTextField(200, 'Enter a title.')),
  content: v.optional(htmlField(100_000, 'Write the post.')),
  author: v.optional(textField(100, 'Enter the author.')),
  published: v.optional(v.boolean('published is true or false.')),
  version: versionField,
});
// A policy names the company's details by placeholder, filled with the current ones when served (content/placeholders.ts):
// a name that is none of them (a typo) would show as written, so it is a field error.
const Policy = v.object({
  body: v.pipe(
    htmlField(200_000, 'Write the policy.'),
    v.check(
      (x) => unknownPlaceholders(x).length === 0,
      (issue) => `Unknown placeholder ${unknownPlaceholders(String(issue.input)).join(', ')}: use ${placeholderList()}.`,
    ),
  ),  version: versionField,
});
const Company = v.object({
  about_us: textField(5000, 'Describe the company.'),
  address: textField(500, 'Enter the address.'),
  phone_number: textField(50, 'Enter the phone number.'),
  email: v.pipe(textField(254, 'Enter the e-mail address.'), v.email('Enter a valid e-mail address.')),
  version: versionField,
});
const Faq = v.object({ question: textField(500, 'Enter the question.'), answer: textField(5000, 'Enter the answer.') });
const PatchFaq = v.object({
  question: v.optional(textField(500, 'Enter the question.')),
  answer: v.optional(textField(5000, 'Enter the answer.')),
  version: versionField,
});

const slugify = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'post';

type Post = typeof blogPosts.$inferSelect;
const postView = (p: Post) => ({
  id: p.id,
  slug: p.slug,
  title: p.title,
  content: p.content,
  author: p.author,
  image: p.image,
  published: p.published,
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt ? p.updatedAt.toISOString() : null,
  version: versionOf(postAudit(p)),
});
/** What the audit log keeps of a post, before and after an action: its values, the body included (a changed link shows). */
function postAudit(p: Post) {
  return { title: p.title, slug: p.slug, author: p.author, published: p.published, content: p.content };
}
const companyView = (c: typeof companyDetails.$inferSelect) => ({ about_us: c.aboutUs, address: c.address, phone_number: c.phoneNumber, email: c.email });
const faqView = (f: { id: number; question: string; answer: string }) => ({ id: f.id, question: f.question, answer: f.answer });

export async function contentAdminRoutes(app: FastifyInstance) {
  const db = app.db.orm;
  const write = async <T>(fn: (tx: Executor) => Promise<T>): Promise<T> => {
    const out = await db.transaction(async (txRaw) => fn(txRaw as unknown as Executor));
    await app.content.invalidate();
    return out;
  };
  const idOf = (raw: string, what: string) => {
    const id = rowIdIn(raw);
    if (!isRowId(id)) throw notFound(`No such ${what}.`);
    return id;
  };

  app.get('/staff/content/posts/', async () => {
    const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.createdAt), desc(blogPosts.id));
    return rows.map(postView);
  });

  app.post('/staff/content/posts/', async (request, reply) => {
    const body = parseBody(NewPost, request.body);
    const image = coverPath(body.image);
    const me = staffOf(request);
    const now = app.clock.now();
    const post = await write(async (tx) => {
      const base = body.slug ?? slugify(body.title);
      const taken = async (slug: string) => (await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug))).length > 0;
      if (body.slug && (await taken(base))) throw validationError({ slug: 'Another post has this slug.' });
      // A title used before gets the first free number: 'news', 'news-2', 'news-3'.
      let slug = base;
      for (let n = 2; await taken(slug); n += 1) slug = `${base}-${n}`;
      const [p] = await tx
        .insert(blogPosts)
        .values({ slug, title: body.title, content: body.content, author: body.author ?? me.username, image, published: body.published, createdAt: now, updatedAt: now })
        .returning();
      await audit(tx, me, { action: 'content.post_create', targetType: 'post', targetId: p!.id, before: null, after: postAudit(p!) }, now);
      return p!;
    });
    return reply.code(201).send({ message: 'Post created.', data: postView(post) });
  });

  app.patch('/staff/content/posts/:id/', async (request) => {
    const body = parseBody(PatchPost, request.body);
    const { version: _version, ...changes } = body;
    if (Object.values(changes).every((x) => x === undefined)) {
      throw validationError({ non_field_errors: 'Change the title, the content, the author or whether it is published.' });
    }
    const me = staffOf(request);
    const id = idOf((request.params as { id: string }).id, 'post');
    const now = app.clock.now();
    const post = await write(async (tx) => {
      const [old] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
      if (!old) throw notFound('No such post.');
      checkVersion(body.version, postAudit(old), 'post');
      const [p] = await tx
        .update(blogPosts)
        .set({
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.content !== undefined ? { content: body.content } : {}),
          ...(body.author !== undefined ? { author: body.author } : {}),
          ...(body.published !== undefined ? { published: body.published } : {}),
          updatedAt: now,
        })
        .where(eq(blogPosts.id, id))
        .returning();
      const action =
        body.published !== undefined && body.published !== old.published && body.title === undefined && body.content === undefined
          ? body.published
            ? 'content.post_publish'
            : 'content.post_unpublish'
          : 'content.post_edit';
      await audit(tx, me, { action, targetType: 'post', targetId: id, before: postAudit(old), after: postAudit(p!) }, now);
      return p!;
    });
    return { message: 'Post saved.', data: postView(post) };
  });

  app.get('/staff/content/pages/', async () => {
    const [pol, faqRows, company] = await Promise.all([
      db.select().from(policies).orderBy(asc(policies.id)),
      db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id)),
      db.select().from(companyDetails).orderBy(asc(companyDetails.id)).limit(1),
    ]);
    return {
      policies: POLICY_KINDS.map((kind) => ({ kind, body: pol.find((p) => p.kind === kind)?.body ?? '' })),
      faqs: faqRows.map(faqView),
      company: company[0] ? companyView(company[0]) : null,
      // Each item's version, to send back with its save (a save over someone else's newer one is then a 409).
      versions: {
        policies: Object.fromEntries(POLICY_KINDS.map((kind) => [kind, versionOf({ body: pol.find((p) => p.kind === kind)?.body ?? '' })])),
        faqs: Object.fromEntries(faqRows.map((f) => [f.id, versionOf({ question: f.question, answer: f.answer })])),
        company: company[0] ? versionOf(companyView(company[0])) : null,
      },
    };
  });

  app.put('/staff/content/policies/:kind/', async (request) => {
    const kind = (request.params as { kind: string }).kind;
    if (!(POLICY_KINDS as readonly string[]).includes(kind)) throw notFound('No such policy.');
    const body = parseBody(Policy, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    await write(async (tx) => {
      const [old] = await tx.select().from(policies).where(eq(policies.kind, kind as (typeof POLICY_KINDS)[number])).orderBy(asc(policies.id)).limit(1).for('update');
      checkVersion(body.version, { body: old?.body ?? '' }, 'policy');
      if (old) await tx.update(policies).set({ body: body.body }).where(eq(policies.id, old.id));
      else await tx.insert(policies).values({ kind: kind as (typeof POLICY_KINDS)[number], body: body.body });
      await audit(tx, me, { action: 'content.policy', targetType: 'policy', targetId: kind, before: old ? { body: old.body } : null, after: { body: body.body } }, now);
    });
    return { message: 'Policy saved.' };
  });

  app.put('/staff/content/company/', async (request) => {
    const body = parseBody(Company, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    await write(async (tx) => {
      const [old] = await tx.select().from(companyDetails).orderBy(asc(companyDetails.id)).limit(1).for('update');
      if (old) checkVersion(body.version, companyView(old), 'company details');
      const values = { aboutUs: body.about_us, address: body.address, phoneNumber: body.phone_number, email: body.email };
      if (old) await tx.update(companyDetails).set(values).where(eq(companyDetails.id, old.id));
      else await tx.insert(companyDetails).values(values);
      const { version: _version, ...after } = body;
      await audit(tx, me, { action: 'content.company', targetType: 'company', targetId: 'company', before: old ? companyView(old) : null, after }, now);
    });
    return { message: 'Company details saved.' };
  });

  app.post('/staff/content/faqs/', async (request, reply) => {
    const body = parseBody(Faq, request.body);
    const me = staffOf(request);
    const now = app.clock.now();
    const row = await write(async (tx) => {
      const [last] = await tx.select({ position: faqs.position }).from(faqs).orderBy(desc(faqs.position)).limit(1);
      const [f] = await tx.insert(faqs).values({ question: body.question, answer: body.answer, position: (last?.position ?? 0) + 1 }).returning();
      await audit(tx, me, { action: 'content.faq_create', targetType: 'faq', targetId: f!.id, before: null, after: body }, now);
      return f!;
    });
    return reply.code(201).send({ message: 'FAQ added.', data: faqView(row) });
  });

  app.patch('/staff/content/faqs/:id/', async (request) => {
    const body = parseBody(PatchFaq, request.body);
    if (body.question === undefined && body.answer === undefined) throw validationError({ non_field_errors: 'Change the question or the answer.' });
    const me = staffOf(request);
    const id = idOf((request.params as { id: string }).id, 'FAQ');
    const now = app.clock.now();
    const row = await write(async (tx) => {
      const [old] = await tx.select().from(faqs).where(eq(faqs.id, id)).for('update');
      if (!old) throw notFound('No such FAQ.');
      checkVersion(body.version, { question: old.question, answer: old.answer }, 'FAQ');
      const [f] = await tx
        .update(faqs)
        .set({ ...(body.question !== undefined ? { question: body.question } : {}), ...(body.answer !== undefined ? { answer: body.answer } : {}) })
        .where(eq(faqs.id, id))
        .returning();
      await audit(tx, me, { action: 'content.faq_edit', targetType: 'faq', targetId: id, before: { question: old.question, answer: old.answer }, after: { question: f!.question, answer: f!.answer } }, now);
      return f!;
    });
    return { message: 'FAQ saved.', data: faqView(row) };
  });
}

import { useEffect, useRef, useState } from 'react';
import { LoadState, useLoad } from 'shared/load';
import { Button, Card, Notice, TextArea, TextField } from 'shared/ui';
import { getPages, type Pages } from '../api/get-pages';
import { getPosts } from '../api/get-posts';
import { saveCompany } from '../api/save-company';
import { saveFaq } from '../api/save-faq';
import { savePolicy } from '../api/save-policy';
import { savePost } from '../api/save-post';
import type { Post } from '../api/types';
import { Section, StaffFrame } from '../components/staff-frame';
import { useAction } from '../components/use-action';

/** Why the whole save was refused (someone else saved the item meanwhile): kept on the form, above its fields. */
function Refused({ text }: { text?: string }) {
  return text ? (
    <Notice tone="error" role="alert">
      {text}
    </Notice>
  ) : null;
}

/**
 * The post whose form its own save remounts (it is keyed on the saved version, to show the text as stored), and the
 * button that saved it: the new form gives that button the keyboard's focus back (it fell to the page's start).
 */
let savedBy: { id: number; action: 'save' | 'publish' } | null = null;

function PostForm({ post, onSaved }: { post: Post | null; onSaved(): void }) {
  const [form, setForm] = useState({ title: post?.title ?? '', content: post?.content ?? '' });
  const { busy, errors, run } = useAction();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!post || savedBy?.id !== post.id) return;
    formRef.current?.querySelector<HTMLButtonElement>(`[data-post-action="${savedBy.action}"]`)?.focus();
    savedBy = null;
  }, [post]);
  const saved = (action: 'save' | 'publish') => {
    if (post) savedBy = { id: post.id, action };
    onSaved();
  };
  const label = post ? `Edit ${post.title}` : 'New post';
  return (
    <Card style={{ marginBottom: '1rem' }}>
      <form
        ref={formRef}
        aria-label={label}
        onSubmit={(e) => {
          e.preventDefault();
          void run(() => savePost(post?.id ?? null, { ...form, version: post?.version }), post ? 'Post saved.' : 'Post created.').then((ok) => {
            if (ok) {
              if (!post) setForm({ title: '', content: '' });
              saved('save');
            }
          });
        }}
      >
        <h3>{post ? `${post.title} · ${post.published ? 'Published' : 'Draft'}` : 'New post (saved as a draft)'}</h3>
        <Refused text={errors.detail} />
        <TextField label="Title" value={form.title} error={errors.title} onChange={(e) => setForm({ ...form, title: e.target.value })} />
        <TextArea label="Content (HTML)" value={form.content} error={errors.content} onChange={(e) => setForm({ ...form, content: e.target.value })} />
        <div style={{ display: 'flex', gap: '.5rem', flexWrap: 'wrap' }}>
          <Button type="submit" disabled={busy} data-post-action="save">
            {post ? 'Save post' : 'Create post'}
          </Button>
          {post ? (
            <Button
              variant="secondary"
              disabled={busy}
              data-post-action="publish"
              onClick={() => void run(() => savePost(post.id, { published: !post.published }), post.published ? 'Post unpublished.' : 'Post published.').then((ok) => ok && saved('publish'))}
            >
              {post.published ? 'Unpublish' : 'Publish'}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}

const POLICY_NAMES: Record<string, string> = { privacy: 'Privacy Policy', terms: 'Terms of Service', return: 'Return Policy' };

function PolicyForm({ kind, body, version, onSaved }: { kind: string; body: string; version?: string; onSaved(): void }) {
  const [text, setText] = useState(body);
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label={POLICY_NAMES[kind]}
      onSubmit={(e) => {
        e.preventDefault();
        // Saved: the pages are read again, for this policy's new version (the text typed stays in the form).
        void run(() => savePolicy(kind, text, version), 'Policy saved.').then((ok) => ok && onSaved());
      }}
    >
      <Refused text={errors.detail} />
      <TextArea label={`${POLICY_NAMES[kind] ?? kind} (HTML)`} value={text} error={errors.body} onChange={(e) => setText(e.target.value)} />
      <Button type="submit" variant="secondary" disabled={busy}>
        Save {POLICY_NAMES[kind] ?? kind}
      </Button>
    </form>
  );
}

function FaqForm({ faq, version, onSaved }: { faq: Pages['faqs'][number] | null; version?: string; onSaved(): void }) {
  const [form, setForm] = useState({ question: faq?.question ?? '', answer: faq?.answer ?? '' });
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label={faq ? `FAQ ${faq.id}` : 'New FAQ'}
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveFaq(faq?.id ?? null, { ...form, version }), faq ? 'FAQ saved.' : 'FAQ added.').then((ok) => ok && onSaved());
      }}
    >
      <Refused text={errors.detail} />
      <TextField label="Question" value={form.question} error={errors.question} onChange={(e) => setForm({ ...form, question: e.target.value })} />
      <TextArea label="Answer" value={form.answer} error={errors.answer} onChange={(e) => setForm({ ...form, answer: e.target.value })} />
      <Button type="submit" variant="secondary" disabled={busy}>
        {faq ? 'Save FAQ' : 'Add FAQ'}
      </Button>
    </form>
  );
}

function CompanyForm({ company, version, onSaved }: { company: NonNullable<Pages['company']>; version?: string | null; onSaved(): void }) {
  const [form, setForm] = useState(company);
  const { busy, errors, run } = useAction();
  return (
    <form
      aria-label="Company details"
      onSubmit={(e) => {
        e.preventDefault();
        void run(() => saveCompany({ ...form, version: version ?? undefined }), 'Company details saved.').then((ok) => ok && onSaved());
      }}
    >
      <Refused text={errors.detail} />
      <TextArea label="About us" value={form.about_us} error={errors.about_us} onChange={(e) => setForm({ ...form, about_us: e.target.value })} />
      <TextField label="Address" value={form.address} error={errors.address} onChange={(e) => setForm({ ...form, address: e.target.value })} />
      <TextField label="Phone number" value={form.phone_number} error={errors.phone_number} onChange={(e) => setForm({ ...form, phone_number: e.target.value })} />
      <TextField label="E-mail" type="email" value={form.email} error={errors.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
      <Button type="submit" variant="secondary" disabled={busy}>
        Save company details
      </Button>
    </form>
  );
}

export function ContentPage() {
  const posts = useLoad(getPosts, { id: 'staff/posts' });
  const pages = useLoad(getPages, { id: 'staff/pages' });
  return (
    <StaffFrame title="Content">
      <Section>
        <h2>Blog posts</h2>
        <LoadState load={posts} what="posts" placeholder="cards">
          {(list) => (
            <>
              <PostForm post={null} onSaved={posts.reload} />
              {list.map((p) => (
                <PostForm key={`${p.id}-${p.updated_at ?? ''}-${p.published}`} post={p} onSaved={posts.reload} />
              ))}
            </>
          )}
        </LoadState>
      </Section>
      <LoadState load={pages} what="pages" placeholder="cards">
        {(p) => (
          <>
            <Section>
              <h2>Policies</h2>
              {p.policies.map((x) => (
                <PolicyForm key={x.kind} kind={x.kind} body={x.body} version={p.versions?.policies[x.kind]} onSaved={pages.reload} />
              ))}
            </Section>
            <Section>
              <h2>FAQs</h2>
              <FaqForm faq={null} onSaved={pages.reload} />
              {p.faqs.map((f) => (
                <FaqForm key={`${f.id}-${p.versions?.faqs[f.id] ?? f.question}`} faq={f} version={p.versions?.faqs[f.id]} onSaved={pages.reload} />
              ))}
            </Section>
            {p.company ? (
              <Section>
                <h2>Company details</h2>
                <CompanyForm company={p.company} version={p.versions?.company} onSaved={pages.reload} />
              </Section>
            ) : null}
          </>
        )}
      </LoadState>
    </StaffFrame>
  );
}

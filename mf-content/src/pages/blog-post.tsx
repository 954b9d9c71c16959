import styled from '@emotion/styled';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from 'shared/format';
import { Notice, Page, PageMeta, Skeleton, theme } from 'shared/ui';
import { getBlogPost } from '../api/get-blog-post';
import { Breadcrumb } from '../components/breadcrumb';
import { SafeHtml } from '../components/safe-html';
import { withSanitizer } from '../components/sanitize';
import { useLoad } from 'shared/load';

export const POST_FAILED = 'Something went wrong while fetching the blogpost.';

const Article = styled.article`
  max-width: 780px; margin: 0 auto;
  .meta { color: ${theme.color.muted}; margin: -.5rem 0 1.5rem; }
  img.cover { display: block; width: 100%; height: auto; aspect-ratio: 16 / 9; object-fit: cover; border-radius: ${theme.radius};
    margin-bottom: 2rem; background: ${theme.color.primarySoft}; }
`;

const BackLink = styled(Link)`
  display: inline-flex; align-items: center; min-height: 44px; font-weight: 700; margin-top: 2rem;
`;

/** One post, at /blog/blogpost/{slug} and /blogpost/{slug}. */
export function BlogPostPage() {
  const slug = useParams().slug ?? '';
  const post = useLoad(
    withSanitizer((signal) => getBlogPost(slug, signal)),
    { id: 'content/blog-post', key: slug },
  );
  return (
    <Page>
      {/* A post is found by slug or id, at /blog/blogpost/ and /blogpost/: one canonical address, the blog list's link. */}
      {post.state === 'ready' ? (
        <PageMeta
          title={post.data.title}
          description={post.data.content || post.data.title}
          path={`/blog/blogpost/${post.data.id}`}
          image={post.data.image}
          type="article"
        />
      ) : (
        <PageMeta
          title="Blog post"
          description="A post from the HostHub blog about domain names, web hosting and running a website."
          path={`/blog/blogpost/${encodeURIComponent(slug)}`}
          // No post here (a 404 rendered on the server says so): nothing for a search engine to keep.
          noindex={post.state === 'failed'}
        />
      )}
      <Breadcrumb
        items={[{ label: 'Home', to: '/' }, { label: 'Blog', to: '/blog' }, ...(post.state === 'ready' ? [{ label: post.data.title }] : [])]}
      />
      <div style={{ position: 'relative', minHeight: post.state === 'loading' ? '100vh' : undefined }}>
        {post.state === 'loading' ? <Skeleton label="Loading the post…" shape="text" rows={4} /> : null}
        {post.state === 'failed' ? (
          <>
            <h1>Blog post</h1>
            <Notice tone="error" role="alert">
              {POST_FAILED}
            </Notice>
          </>
        ) : null}
        {post.state === 'ready' ? (
          <Article>
            <h1>{post.data.title}</h1>
            <p className="meta">
              {/* The author in an element of its own, so the name can be found by its exact words. */}
              {post.data.author ? <>By <span className="author">{post.data.author}</span></> : null}
              {post.data.author && post.data.created_at ? ' · ' : null}
              {post.data.created_at ? <time dateTime={post.data.created_at}>{formatDate(post.data.created_at)}</time> : null}
            </p>
            {post.data.image ? (
              <img className="cover" src={post.data.image} alt={post.data.title} width={1280} height={720} fetchPriority="high" />
            ) : null}
            <SafeHtml html={post.data.content ?? ''} />
          </Article>
        ) : null}
        {post.state !== 'loading' ? <BackLink to="/blog">← Back to all posts</BackLink> : null}
      </div>
    </Page>
  );
}

import styled from '@emotion/styled';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, Notice, Page, PageMeta, Skeleton, theme } from 'shared/ui';
import { getBlogPosts } from '../api/get-blog-posts';
import type { BlogPost } from '../api/schemas';
import { Breadcrumb } from '../components/breadcrumb';
import { htmlToText } from '../components/sanitize';
import { prefetch, useLoad } from 'shared/load';

export const BLOG_EMPTY = 'No Posts available now.';
export const BLOG_FAILED = 'Something went wrong while fetching blog posts.';

/**
 * The cards after the first row are laid out and painted only when they come near the viewport (`content-visibility:
 * auto`, as the home page's lower bands: home.tsx `Section`). The first row is one card on a phone, two or three on
 * wider screens: a card beside the first one that stood in at its placeholder height for a frame stretched the row when
 * it was drawn, and moved the first card's 'Read more' (14 px at 1280 px).
 */
const Posts = styled.ul`
  list-style: none; padding: 0; margin: 0; display: grid; gap: 1.5rem; grid-template-columns: 1fr;
  > li:nth-child(n + 2) { content-visibility: auto; contain-intrinsic-height: auto 520px; }
  ${theme.breakpoint.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > li:nth-child(2) { content-visibility: visible; contain-intrinsic-height: none; }
  }
  ${theme.breakpoint.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    > li:nth-child(3) { content-visibility: visible; contain-intrinsic-height: none; }
  }
`;

const PostCard = styled.li`
  background: #fff; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius}; box-shadow: ${theme.shadow};
  overflow: hidden; display: flex; flex-direction: column;
  img { display: block; width: 100%; height: auto; aspect-ratio: 16 / 10; object-fit: cover; background: ${theme.color.primarySoft}; }
  .body { padding: 1.25rem; display: flex; flex-direction: column; gap: .75rem; flex: 1; }
  h2 { font-size: 1.2rem; margin: 0; line-height: 1.3; }
  p.excerpt { margin: 0; color: ${theme.color.muted}; display: -webkit-box; -webkit-box-orient: vertical;
    -webkit-line-clamp: 6; line-clamp: 6; overflow: hidden; }
  a.more { margin-top: auto; font-weight: 700; min-height: 44px; display: inline-flex; align-items: center; }
`;

function PostItem({ post, first }: { post: BlogPost; first: boolean }) {
  const excerpt = useMemo(() => htmlToText(post.content ?? ''), [post.content]);
  return (
    <PostCard>
      {post.image ? (
        <img
          src={post.image}
          alt={post.title}
          width={640}
          height={400}
          loading={first ? 'eager' : 'lazy'}
          fetchPriority={first ? 'high' : 'auto'}
          decoding="async"
        />
      ) : null}
      <div className="body">
        <h2>{post.title}</h2>
        <p className="excerpt">{excerpt}</p>
        {/* The post's title in the link's text too (not only in a label), so the link says where it goes to crawlers. */}
        <Link className="more" to={`/blog/blogpost/${post.id}`}>
          Read more<span className="visually-hidden">: {post.title}</span>
        </Link>
      </div>
    </PostCard>
  );
}

/** The posts; the first one's image (the largest thing on the page) is requested as soon as the list names it. */
async function loadPosts(signal: AbortSignal): Promise<BlogPost[]> {
  const posts = await getBlogPosts(signal);
  // (In a browser: a page rendered on the server names the image in its HTML already.)
  if (posts[0]?.image && typeof Image !== 'undefined') {
    const image = new Image();
    image.fetchPriority = 'high';
    image.src = posts[0].image;
  }
  return posts;
}

export const prefetchBlog = () => prefetch(loadPosts, { id: 'content/blog-posts' });

export function BlogPage() {
  const posts = useLoad(loadPosts, { id: 'content/blog-posts' });
  return (
    <Page>
      <PageMeta
        title="Blog"
        description="News, guides and tips from HostHub about domain names, web hosting and running a website."
        path="/blog"
      />
      <Breadcrumb items={[{ label: 'Home', to: '/' }, { label: 'Blog' }]} />
      <h1>Blog</h1>
      <div style={{ position: 'relative', minHeight: posts.state === 'loading' ? '100vh' : undefined }}>
        {posts.state === 'loading' ? <Skeleton label="Loading blog posts…" shape="cards" rows={3} /> : null}
        {posts.state === 'failed' ? (
          <Notice tone="error" role="alert">
            {BLOG_FAILED}
          </Notice>
        ) : null}
        {posts.state === 'ready' && posts.data.length === 0 ? <EmptyState>{BLOG_EMPTY}</EmptyState> : null}
        {posts.state === 'ready' && posts.data.length ? (
          <Posts>
            {posts.data.map((post, i) => (
              <PostItem key={post.id} post={post} first={i === 0} />
            ))}
          </Posts>
        ) : null}
      </div>
    </Page>
  );
}

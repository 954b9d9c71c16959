import { Page } from 'shared/ui';

export function BlogPostPage() {
  return (
    <Page>
      <h1>Blog post</h1>
    </Page>
  );
}

import { Page } from 'shared/ui';

export function BlogPage() {
  return (
    <Page>
      <h1>Blog</h1>
    </Page>
  );
}

import { Page } from 'shared/ui';

export function BlogpostPage() {
  return (
    <Page>
      <h1>Blog post</h1>
    </Page>
  );
}

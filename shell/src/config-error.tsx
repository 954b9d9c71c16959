import { Button, Notice, Page } from 'shared/ui';

/** Shown instead of a blank page when config.json cannot be read. */
export function ConfigError({ message }: { message: string }) {
  return (
    <Page>
      <h1>The storefront could not start</h1>
      <Notice tone="error" role="alert">
        Its configuration could not be loaded. {message}
      </Notice>
      <p>If you run this site, check that config.json is served next to index.html and is valid.</p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </Page>
  );
}

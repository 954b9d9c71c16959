import { LoadingOverlay, Notice, Page } from 'shared/ui';
import { SafeHtml } from './safe-html';
import { useLoad } from './use-load';

/** A legal page: the server's HTML, sanitised, with a loading overlay while it comes. */
export function PolicyPage({ title, load }: { title: string; load: (signal: AbortSignal) => Promise<string | null> }) {
  const policy = useLoad(load);
  return (
    <Page>
      <h1>{title}</h1>
      <div style={{ position: 'relative', minHeight: policy.status === 'loading' ? 240 : undefined, maxWidth: 860 }}>
        <LoadingOverlay show={policy.status === 'loading'} label={`Loading the ${title}…`} />
        {policy.status === 'error' ? (
          <Notice tone="error" role="alert">
            {`Something went wrong while fetching the ${title}.`}
          </Notice>
        ) : null}
        {policy.status === 'ok' && !policy.data ? <Notice role="status">{`No ${title} available now.`}</Notice> : null}
        {policy.status === 'ok' && policy.data ? <SafeHtml html={policy.data} /> : null}
      </div>
    </Page>
  );
}

import { useMemo } from 'react';
import { LoadingOverlay, Notice, Page, PageMeta, SkeletonBlock } from 'shared/ui';
import { SafeHtml } from './safe-html';
import { splitTitle, useSanitizer, withSanitizer } from './sanitize';
import { useLoad } from 'shared/load';

/**
 * A legal page: the server's HTML, sanitised, with a loading overlay while it comes. When the document starts with
 * its own title, that title is the page's heading (not repeated under a second one).
 */
export function PolicyPage({
  title,
  load,
  path,
  description,
}: {
  title: string;
  load: (signal: AbortSignal) => Promise<string | null>;
  /** The page's own path and a line about it, for its metadata. */
  path: string;
  description: string;
}) {
  const policy = useLoad(withSanitizer(load), { id: 'content/policy', key: title });
  const html = policy.state === 'ready' ? policy.data : null;
  useSanitizer(Boolean(html));
  const doc = useMemo(() => (html ? splitTitle(html) : null), [html]);
  return (
    <Page>
      <PageMeta title={title} description={description} path={path} />
      <h1>{doc?.title ?? title}</h1>
      <div style={{ position: 'relative', minHeight: policy.state === 'loading' ? '100vh' : undefined, maxWidth: 860 }}>
        <LoadingOverlay show={policy.state === 'loading'} label={`Loading the ${title}…`} />
        {/* The spec's overlay covers the shape of the text to come, not a blank panel. */}
        {policy.state === 'loading' ? (
          <div aria-hidden="true" style={{ display: 'grid', gap: '.6rem' }}>
            {['96%', '90%', '60%', '', '94%', '88%', '72%', '', '92%', '50%'].map((w, i) =>
              w ? <SkeletonBlock key={i} w={w} /> : <span key={i} style={{ height: '.75rem' }} />,
            )}
          </div>
        ) : null}
        {policy.state === 'failed' ? (
          <Notice tone="error" role="alert">
            {`Something went wrong while fetching the ${title}.`}
          </Notice>
        ) : null}
        {policy.state === 'ready' && !doc ? <Notice role="status">{`No ${title} available now.`}</Notice> : null}
        {doc ? <SafeHtml html={doc.body} /> : null}
      </div>
    </Page>
  );
}

// A server-rendered page whose HTML content is hydrated before DOMPurify has arrived (issue 21): the component waits
// for it with `use`, and React replays it the moment it arrives. That replay once skipped the `use` (the sanitiser was
// there by then) and React threw 'Update hook called on initial render': the page switched to client rendering and
// <head> got a second <title>.
import { Suspense, startTransition, useMemo } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { loadSanitizer, sanitizeHtml, useSanitizer } from './sanitize';

const HTML = '<p>Hello <strong>world</strong></p><img src="x.png" onerror="steal()">';

/** SafeHtml's hooks, without its styles (emotion's own hydration is not what is tested here). */
function Probe({ html }: { html: string }) {
  useSanitizer();
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <div className="prose" dangerouslySetInnerHTML={{ __html: clean }} />;
}

it('hydrates sanitised server HTML that arrives before the sanitiser, without switching to client rendering', async () => {
  // What the storefront's server sent: the sanitised HTML (the sanitiser is not loaded in this file until the page
  // has started).
  const markup = renderToString(
    <Suspense fallback={<p>Loading…</p>}>
      <div className="prose" dangerouslySetInnerHTML={{ __html: '<p>Hello <strong>world</strong></p><img src="x.png">' }} />
    </Suspense>,
  );
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  const server = container.querySelector('.prose');
  const errors: unknown[] = [];
  await act(async () => {
    startTransition(() => {
      hydrateRoot(
        container,
        <Suspense fallback={<p>Loading…</p>}>
          <Probe html={HTML} />
        </Suspense>,
        { onRecoverableError: (error) => errors.push(error instanceof Error ? (error.cause ?? error) : error) },
      );
    });
  });
  await act(() => loadSanitizer());
  expect(errors).toEqual([]);
  // The server's element was kept (hydrated), not replaced by a client render.
  expect(container.querySelector('.prose')).toBe(server);
  expect(container.innerHTML).toBe(markup);
});

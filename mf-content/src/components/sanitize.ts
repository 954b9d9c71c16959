// HTML from the server (policies, blog posts) is sanitised before it is rendered (CONVENTIONS.md).
import { use } from 'react';

type Purifier = (typeof import('dompurify'))['default'];

let purifier: Purifier | null = null;
let loading: Promise<void> | null = null;

/** Node's own `require` in the storefront's server bundle (webpack leaves it as is); never called in a browser. */
declare const __non_webpack_require__: (id: string) => unknown;
type Dom = Pick<Window & typeof globalThis, 'DOMParser' | 'document'>;
let serverWindow: Dom | null = null;

/**
 * The document HTML is read in: the page's, or, when the page is rendered on the storefront's server (issue 21),
 * one jsdom window for the whole process, so that the server renders the very markup the browser would.
 */
function dom(): Dom {
  if (typeof window !== 'undefined') return window;
  if (!serverWindow) {
    const { JSDOM } = __non_webpack_require__('jsdom') as { JSDOM: new (html: string) => { window: Dom } };
    serverWindow = new JSDOM('<!doctype html>').window;
  }
  return serverWindow;
}

/**
 * DOMPurify (~12 KB gzip) is fetched only by the pages that show server HTML, alongside their data, so that the
 * home page does not carry it.
 */
export function loadSanitizer(): Promise<void> {
  loading ??= import('dompurify').then(
    (m) => {
      // In a browser DOMPurify is ready for the page's window; on the server it is made for the jsdom one.
      purifier = typeof window !== 'undefined' ? m.default : (m.default as unknown as (w: unknown) => Purifier)(dom());
      // Marked as React marks the promises it has seen settle: `use` reads it at once from now on.
      Object.assign(loading!, { status: 'fulfilled', value: undefined });
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

// On the storefront's server the sanitiser and its jsdom window (jsdom is large: a second or more to load on a busy
// machine) are made as soon as this module is loaded, with the remote's routes when the server starts, not by the
// first render that needs them, which then ran over its time budget and went out client-rendered (/blog, under load).
if (typeof window === 'undefined' && typeof __non_webpack_require__ === 'function') {
  const failed = (error: unknown) => console.error('[ssr] the HTML sanitiser could not be made:', error);
  try {
    dom();
    loadSanitizer().catch(failed);
  } catch (error) {
    failed(error);
  }
}

/**
 * A settled promise React's `use` reads at once (its `status`, as React marks promises it has seen settle). Written
 * here, not taken from `shared`: this remote may be deployed before a shell that has a newer `shared`.
 */
const LOADED = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * For a component about to sanitise `needed` HTML: when the HTML came without the page's own load (a page rendered
 * on the server hands its data over at hydration, issue 21), waits for the sanitiser (React's `use` suspends; the
 * server's markup stays on screen meanwhile).
 */
export function useSanitizer(needed = true): void {
  // `use` on every render, of the same promise, loaded or not: when the sanitiser arrives during the render that
  // waited for it, React replays that component at once, and the replay must call what the first try called (a `use`
  // skipped there left React's hook dispatcher in its re-render mode: 'Update hook called on initial render' from the
  // next hook, and a server-rendered page switched to client rendering, with a second <title>).
  use(needed ? loadSanitizer() : LOADED);
}

/** A page's load, run together with `loadSanitizer`: its HTML can be sanitised as soon as it arrives. */
export const withSanitizer =
  <T>(load: (signal: AbortSignal) => Promise<T>) =>
  async (signal: AbortSignal): Promise<T> =>
    (await Promise.all([load(signal), loadSanitizer()]))[0];

const FORBID_TAGS = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'];

function purify(html: string): string {
  if (!purifier) throw new Error('The sanitiser is not loaded: load the page data with withSanitizer().');
  return purifier.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style', 'srcdoc', 'formaction'], ALLOW_DATA_ATTR: false });
}

/**
 * Safe HTML: no scripts or other active elements, no event-handler attributes, no javascript: (or other unsafe
 * scheme) URLs. The page supplies its own <h1>, so headings of level 1 in the content become level 2.
 */
export function sanitizeHtml(html: string): string {
  const clean = purify(html);
  return clean.replace(/<(\/?)h1(\s|>)/gi, '<$1h2$2');
}

/**
 * Plain text of server HTML for an excerpt: its prose. It is read in a document of its own that is never shown, where
 * nothing runs or loads, and only its text is used: no sanitiser is needed (so the blog list does not wait for one).
 * The text of scripts, styles and the like is left out, and so are section headings, which have no full stop and ran
 * into the next sentence ('…in two days. Saturday Register your domain…'); a text of headings alone keeps them.
 */
export function htmlToText(html: string): string {
  const doc = new (dom().DOMParser)().parseFromString(html, 'text/html');
  for (const element of doc.body.querySelectorAll('script, style, template, noscript, iframe, object, svg, math')) element.remove();
  // Block ends and line breaks separate words that the markup kept apart.
  for (const element of doc.body.querySelectorAll('p, div, h1, h2, h3, h4, h5, h6, li, blockquote, tr, td, th, br')) element.after(' ');
  const text = (node: Node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim();
  const all = text(doc.body);
  for (const heading of doc.body.querySelectorAll('h1, h2, h3, h4, h5, h6')) heading.remove();
  return text(doc.body) || all;
}

/**
 * Sanitised server HTML split into its leading level-1 heading (the document's own title, if it starts with one)
 * and the rest, so that the page can show that title as its one <h1>.
 */
export function splitTitle(html: string): { title: string | null; body: string } {
  const template = dom().document.createElement('template');
  template.innerHTML = purify(html);
  const first = template.content.firstElementChild;
  let title: string | null = null;
  if (first?.tagName === 'H1' && !first.previousSibling?.textContent?.trim()) {
    title = (first.textContent ?? '').replace(/\s+/g, ' ').trim() || null;
    first.remove();
  }
  return { title, body: sanitizeHtml(template.innerHTML) };
}

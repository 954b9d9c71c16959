// HTML from the server (policies, blog posts) is sanitised before it is rendered (CONVENTIONS.md).
import DOMPurify from 'dompurify';

const FORBID_TAGS = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'];

const purify = (html: string) =>
  DOMPurify.sanitize(html, { FORBID_TAGS, FORBID_ATTR: ['style', 'srcdoc', 'formaction'], ALLOW_DATA_ATTR: false });

/**
 * Safe HTML: no scripts or other active elements, no event-handler attributes, no javascript: (or other unsafe
 * scheme) URLs. The page supplies its own <h1>, so headings of level 1 in the content become level 2.
 */
export function sanitizeHtml(html: string): string {
  const clean = purify(html);
  return clean.replace(/<(\/?)h1(\s|>)/gi, '<$1h2$2');
}

/** Plain text of server HTML (for excerpts): sanitised first, then read as text, whitespace collapsed. */
export function htmlToText(html: string): string {
  // Block ends and line breaks separate words that the markup kept apart.
  const spaced = sanitizeHtml(html).replace(/<\/(p|div|h[1-6]|li|blockquote|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Sanitised server HTML split into its leading level-1 heading (the document's own title, if it starts with one)
 * and the rest, so that the page can show that title as its one <h1>.
 */
export function splitTitle(html: string): { title: string | null; body: string } {
  const template = document.createElement('template');
  template.innerHTML = purify(html);
  const first = template.content.firstElementChild;
  let title: string | null = null;
  if (first?.tagName === 'H1' && !first.previousSibling?.textContent?.trim()) {
    title = (first.textContent ?? '').replace(/\s+/g, ' ').trim() || null;
    first.remove();
  }
  return { title, body: sanitizeHtml(template.innerHTML) };
}

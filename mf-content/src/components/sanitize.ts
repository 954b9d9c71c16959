// HTML from the server (policies, blog posts) is sanitised before it is rendered (CONVENTIONS.md).
import DOMPurify from 'dompurify';

const FORBID_TAGS = ['script', 'style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'link', 'meta', 'base'];

/**
 * Safe HTML: no scripts or other active elements, no event-handler attributes, no javascript: (or other unsafe
 * scheme) URLs. The page supplies its own <h1>, so headings of level 1 in the content become level 2.
 */
export function sanitizeHtml(html: string): string {
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcdoc', 'formaction'],
    ALLOW_DATA_ATTR: false,
  });
  return clean.replace(/<(\/?)h1(\s|>)/gi, '<$1h2$2');
}

/** Plain text of server HTML (for excerpts): sanitised first, then read as text, whitespace collapsed. */
export function htmlToText(html: string): string {
  // Block ends and line breaks separate words that the markup kept apart.
  const spaced = sanitizeHtml(html).replace(/<\/(p|div|h[1-6]|li|blockquote|tr|td|th)>|<br\s*\/?>/gi, '$& ');
  const doc = new DOMParser().parseFromString(spaced, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

// HTML written by staff (blog posts, policies) is stored sanitised (issue 16): sanitize-html with an allow-list of
// the elements and attributes a post or a policy needs. What could run anything (scripts, frames, forms, event
// handlers, javascript: links) is refused first with a 400 at the field (api/src/staff/fields.ts), so a writer
// learns what was wrong instead of finding it silently gone; this pass removes everything else outside the list
// (unknown elements, style attributes, classes, ids, comments). The storefront sanitises again when it shows it.
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'hr', 'blockquote', 'pre', 'code', 'span', 'div',
    'strong', 'b', 'em', 'i', 'u', 's', 'sub', 'sup', 'small', 'mark', 'abbr', 'cite', 'q', 'kbd',
    'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'a', 'img', 'figure', 'figcaption',
    'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    abbr: ['title'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A link that opens a new tab cannot reach back into the store's page.
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target === '_blank' ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } } : { tagName, attribs },
  },
};

/** `html` with only the allowed elements, attributes and URL schemes left. */
export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

// Data written into the server-rendered page for the browser to read at hydration: JSON in a script element, made
// safe to sit inside HTML (no '</script>', no '<!--', no line separators JavaScript parsers once refused).
export function safeJson(value: unknown): string {
  return JSON.stringify(value ?? null)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The <template> holding index.html's default title and description (read by shared/ui PageMeta). */
export const DEFAULT_HEAD_ID = 'storefront-default-head';

/** The element id the browser reads the data from (bootstrap.tsx). */
export const DATA_ELEMENT_ID = 'storefront-ssr-data';

export function dataScript(value: unknown): string {
  return `<script type="application/json" id="${DATA_ELEMENT_ID}">${safeJson(value)}</script>`;
}

/**
 * Puts a rendered page into the built index.html: the markup into `<div id="root">`, the tags React hoists (a page's
 * <title>, <meta>, <link>, which it writes first when it does not render <head> itself) into <head> in place of the
 * template's own <title>, and the page's data before </body>.
 */
export function composePage(template: string, markup: string, data: unknown): string {
  const hoisted: string[] = [];
  let rest = markup;
  for (;;) {
    const match = /^(?:<title\b[^>]*>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/.exec(rest);
    if (!match) break;
    hoisted.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  let head = template;
  // index.html's own title and description give way to the page's; they are kept aside in an inert <template> for the
  // browser to put back when it moves on to a page without metadata of its own (shared/ui PageMeta).
  const aside: string[] = [];
  const setAside = (pattern: RegExp) => {
    head = head.replace(pattern, (tag) => {
      aside.push(tag);
      return '';
    });
  };
  // The built index.html is minified: attribute quotes may be gone.
  if (hoisted.some((tag) => /^<title\b/.test(tag))) setAside(/<title>[\s\S]*?<\/title>/);
  if (hoisted.some((tag) => /^<meta\b[^>]*name="description"/.test(tag))) setAside(/<meta name="?description"?[^>]*>/);
  const defaults = aside.length ? `<template id="${DEFAULT_HEAD_ID}">${aside.join('')}</template>` : '';
  return head
    .replace('</head>', () => `${hoisted.join('')}</head>`)
    .replace(/<div id="?root"?><\/div>/, () => `<div id="root" data-ssr="">${rest}</div>`)
    .replace('</body>', () => `${defaults}${dataScript(data)}</body>`);
}

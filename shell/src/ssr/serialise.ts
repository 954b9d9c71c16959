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

/** The <template> holding index.html's start-up tags on a server-rendered page (see deferStartup). */
export const STARTUP_ID = 'storefront-startup';

/** The element id the browser reads the data from (bootstrap.tsx). */
export const DATA_ELEMENT_ID = 'storefront-ssr-data';
/** The element id of the amounts the page formatted (shared/format's seedMoneyFormats). */
export const FORMATS_ELEMENT_ID = 'storefront-ssr-formats';

export function dataScript(value: unknown, id = DATA_ELEMENT_ID): string {
  return `<script type="application/json" id="${id}">${safeJson(value)}</script>`;
}

/**
 * Runs the tags kept in the STARTUP_ID template once the page has loaded (its images included) and painted, or after
 * 3 s at the latest: a script element is made anew (one parsed into a template never runs), in order.
 */
const STARTER =
  `(()=>{const t=document.getElementById("${STARTUP_ID}");let d=!1;const go=()=>{if(d)return;d=!0;` +
  `for(const n of Array.from(t.content.childNodes)){if("SCRIPT"===n.nodeName){const s=document.createElement("script");` +
  `for(const a of Array.from(n.attributes))s.setAttribute(a.name,a.value);s.async=!1;s.text=n.textContent;document.head.appendChild(s)}` +
  `else document.head.appendChild(document.importNode(n,!0))}};const l=()=>requestAnimationFrame(()=>setTimeout(go,0));` +
  `"complete"===document.readyState?l():addEventListener("load",l,{once:!0});setTimeout(go,3e3)})()`;

/**
 * A server-rendered page reads complete without scripts, so the scripts wait: index.html's start-up tags (the
 * config.json preload, the early script, the script preloads, the entry script) leave <head> for an inert <template>
 * and run once the page has loaded and painted (STARTER). The page's text and images get the connection and the main
 * thread first: hydration, which only adds the personal parts and interactivity, follows. On a client-rendered page the
 * same tags run at once, as they must (nothing is on screen before them).
 */
function deferStartup(head: string): { head: string; startup: string } {
  const tags: string[] = [];
  const rest = head.replace(
    /<link\b(?=[^>]*\brel="?preload"?)(?=[^>]*(?:\bas="?script"?|\bhref="?\/config\.json"?))[^>]*>|<script\b[^>]*>[\s\S]*?<\/script>/g,
    (tag) => {
      tags.push(tag);
      return '';
    },
  );
  if (tags.length === 0) return { head, startup: '' };
  return { head: rest, startup: `<template id="${STARTUP_ID}">${tags.join('')}</template><script>${STARTER}</script>` };
}

/**
 * Puts a rendered page into the built index.html: the markup into `<div id="root">`, the tags React hoists (a page's
 * <title>, <meta>, <link>, which it writes first when it does not render <head> itself) into <head> in place of the
 * template's own <title>, the page's data and the amounts it formatted before </body>, and the start-up tags after
 * them (deferStartup).
 */
export function composePage(template: string, markup: string, data: unknown, formats: Record<string, string> = {}): string {
  const hoisted: string[] = [];
  let rest = markup;
  for (;;) {
    const match = /^(?:<title\b[^>]*>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/.exec(rest);
    if (!match) break;
    hoisted.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  const headEnd = template.indexOf('</head>');
  const deferred = deferStartup(template.slice(0, headEnd));
  let head = deferred.head + template.slice(headEnd);
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
    .replace('</body>', () => {
      const money = Object.keys(formats).length ? dataScript(formats, FORMATS_ELEMENT_ID) : '';
      return `${defaults}${dataScript(data)}${money}${deferred.startup}</body>`;
    });
}

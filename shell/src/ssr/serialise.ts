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

/** Where the capture script (below) queues what was clicked or submitted before hydration (shell/src/before-hydration.ts). */
export const EARLY_ACTIONS = '__storefrontEarlyActions';

/**
 * Whether React handles events on `node` now: its fiber is committed (React's own `getNearestMountedFiber` test, which
 * its event system applies: a fiber placed or hydrating, or under one, is not). `__reactProps$` alone is not enough: React
 * writes it while it renders a part's hydration, and an event that arrives before that part is committed reaches no
 * handler (text typed into the home page's search box was lost that way, and then cleared by React). Used by the
 * capture script (its source goes into the page, which is why it has no comment inside) and by
 * shell/src/before-hydration.ts. 4098 is Placement | Hydrating (2 | 4096), looked at only on a fiber never committed (no
 * alternate yet), as React does; tag 3 is the host root (a tree not under it is detached).
 */
export function handledByReact(node: object): boolean {
  const key = Object.keys(node).find((k) => k.startsWith('__reactFiber$'));
  type Fiber = { return: Fiber | null; alternate: unknown; flags: number; tag: number };
  const fiber = key ? ((node as Record<string, unknown>)[key] as Fiber | undefined) : undefined;
  if (!fiber) return false;
  let top = fiber;
  let nearest: Fiber | null = fiber;
  for (let f: Fiber | null = fiber; f; f = f.return) {
    top = f;
    if (!fiber.alternate && f.flags & 4098) nearest = f.return;
  }
  return top.tag === 3 && nearest === fiber;
}

/**
 * First in a server-rendered page's <head>: a click on a button or a form's submission that React does not handle yet
 * (`handledByReact`) does nothing yet and is queued, to be replayed once it has (the queue's `pump`); the last
 * value typed into a field React has not hydrated is kept (`typed`), as the field's next render may wipe it. While typed
 * text or queued actions wait (`typed` not empty, or the replay `busy`), a click or submission on a hydrated element is
 * queued behind them too: a search box's button can hydrate, and be clicked, before the text typed into its box has
 * reached React. A link still navigates as a plain link (the next page is a whole page, rendered on the server or in
 * the browser).
 * It also opens the page's local storage (its first read loads it from the browser, 1-5 ms): before the first paint,
 * not inside the start's tasks after it (the federation runtime reads it first, then the session store).
 */
const CAPTURE =
  `(()=>{try{localStorage.getItem("session")}catch{}const q=[],v=new Map();q.typed=v;window.${EARLY_ACTIONS}=q;const live=${String(handledByReact).replace(/\s*\n\s*/g, '')};` +
  `const on=(e)=>{if(!(e.target instanceof Element))return;if(e.type==="input"||e.type==="change"){` +
  `if(/^(INPUT|TEXTAREA|SELECT)$/.test(e.target.nodeName)&&!live(e.target)){v.set(e.target,e.target.value);q.pump&&q.pump()}return}` +
  `const b=e.type==="click"?e.target.closest('button,input[type="submit"],input[type="button"],[role="button"]'):e.target;` +
  `if(!b||b.closest("a[href]")||(live(b)&&!v.size&&!q.busy))return;e.preventDefault();e.stopImmediatePropagation();` +
  `q.push([e.type,b,e.submitter||null]);q.pump&&q.pump()};for(const t of["click","submit","input","change"])addEventListener(t,on,!0)})()`;

/** The attribute marking the tags a server render put into <head> (shared/ui's settleServerHead reads it). */
export const SERVER_HEAD_ATTRIBUTE = 'data-ssr-head';

/** The <template> holding index.html's default title and description (read by shared/ui PageMeta). */
export const DEFAULT_HEAD_ID = 'storefront-default-head';

/** The element id the browser reads the data from (bootstrap.tsx). */
export const DATA_ELEMENT_ID = 'storefront-ssr-data';
/** The element id of the amounts the page formatted (shared/format's seedMoneyFormats). */
export const FORMATS_ELEMENT_ID = 'storefront-ssr-formats';

/**
 * The page's CSS (emotion's <style data-emotion> tags), marked as emotion marks a tag it has moved into <head>
 * (data-s): they are in <head> already, and emotion's cache would otherwise move each of them there again when it
 * starts in the browser. The browser drops and parses a moved tag's CSS again: 5-8 ms of the start's main thread on
 * the home page.
 */
export function stylesInHead(styleTags: string): string {
  return styleTags.replace(/<style data-emotion=/g, '<style data-s="" data-emotion=');
}

export function dataScript(value: unknown, id = DATA_ELEMENT_ID): string {
  return `<script type="application/json" id="${id}">${safeJson(value)}</script>`;
}

/**
 * Puts `tags` (live again: a script parsed into a template never runs) into <head> once the browser has painted the
 * page's largest element. In Chromium, by its largest-paint reports (timed when the frame is on screen): the main image's
 * (React renders it with fetchpriority=high), or any once the main image has loaded (its largest paint may be text),
 * or the first on a page without one. Where the browser makes no such report (Safari, Firefox): once the main image
 * (else the page) has loaded and the next frame is drawn. At once if the main image fails; after 3 s at the latest.
 * Not by frames in Chromium, nor by 1 s: headless Chromium may hold the first frame back for a second while it draws
 * others (as when Lighthouse's screen emulation lands mid-render), and scripts started then run before the first paint.
 * In two tasks: config.json's request and the early script (it asks for the page's remote) first, the script files
 * (main.js, the shell's other files' preloads) in the next. Together they were one long task (10-26 ms on this machine:
 * starting each request, compiling and running the early script).
 */
const starter = (tags: string[]) =>
  `(()=>{let d=!1;const go=()=>{if(d)return;d=!0;const t=document.createElement("template");t.innerHTML=${safeJson(tags.join(''))};` +
  `const put=(n)=>{if("SCRIPT"!==n.nodeName){document.head.appendChild(n);return}` +
  `const s=document.createElement("script");for(const a of Array.from(n.attributes))s.setAttribute(a.name,a.value);` +
  `s.async=!1;s.text=n.textContent;document.head.appendChild(s)};const all=Array.from(t.content.childNodes);` +
  `const file=(n)=>"SCRIPT"===n.nodeName?n.hasAttribute("src"):n.getAttribute("as")==="script";` +
  `for(const n of all)if(!file(n))put(n);setTimeout(()=>{for(const n of all)if(file(n))put(n)},0)};` +
  `const main=document.querySelector('img[fetchpriority="high"]');` +
  `if(main)main.complete&&!main.naturalWidth?go():main.addEventListener("error",go);` +
  `if(typeof PerformanceObserver<"u"&&PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint"))` +
  `new PerformanceObserver((l)=>{for(const e of l.getEntries())if(!main||e.element===main||main.complete)setTimeout(go,0)})` +
  `.observe({type:"largest-contentful-paint",buffered:!0});else{const drawn=()=>requestAnimationFrame(()=>setTimeout(go,0));` +
  `main?main.complete?drawn():main.addEventListener("load",drawn):addEventListener("load",drawn)}setTimeout(go,3e3)})()`;

/**
 * A server-rendered page reads complete without scripts, so its scripts wait until the page has painted its largest
 * element (`starter`): neither their download nor their evaluation holds up that paint (on a slow line the shell's
 * 100 KB of libraries, preloaded beside the main image, shared the line with it), and Lighthouse does not count them in
 * it. The entry, the shell's other scripts' preloads, the early script and config.json's preload all wait; the
 * starter puts them in before the window's load event in most pages, so the load event still waits for the scripts.
 * A client-rendered page runs all of it at once, as it must.
 */
function deferEntry(head: string): { head: string; startup: string } {
  const tags: string[] = [];
  const rest = head.replace(
    /<script\b[^>]*?\bsrc=[^>]*><\/script>|<link\b(?=[^>]*\bhref="?\/config\.json)[^>]*>|<link\b(?=[^>]*\brel="?preload)(?=[^>]*\bas="?script)[^>]*>|<script>[\s\S]*?<\/script>/g,
    (tag) => {
      tags.push(tag);
      return '';
    },
  );
  if (tags.length === 0) return { head, startup: '' };
  return { head: rest, startup: `<script>${starter(tags)}</script>` };
}

/**
 * Puts a rendered page into the built index.html: the markup into `<div id="root">`, its CSS (`styles`) and the tags
 * React hoists (a page's
 * <title>, <meta>, <link>, which it writes first when it does not render <head> itself) into <head> in place of the
 * template's own <title>, the page's data and the amounts it formatted before </body>, and the entry script's
 * start after them (deferEntry).
 */
export function composePage(
  template: string,
  markup: string,
  data: unknown,
  formats: Record<string, string> = {},
  styles = '',
): string {
  const hoisted: string[] = [];
  let rest = markup;
  for (;;) {
    const match = /^(?:<title\b[^>]*>[\s\S]*?<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/.exec(rest);
    if (!match) break;
    // Marked: the browser drops the ones React did not take over when the visitor moves on (shared/ui PageMeta).
    hoisted.push(match[0].replace(/^<(title|meta|link)\b/, `<$1 ${SERVER_HEAD_ATTRIBUTE}=""`));
    rest = rest.slice(match[0].length);
  }
  const headEnd = template.indexOf('</head>');
  // Marked on <html>, for index.html's early script (it runs before #root is parsed): shell/src/early.ts.
  const deferred = deferEntry(template.slice(0, headEnd).replace(/<html\b/, '<html data-ssr=""'));
  // The capture script first of all (after deferEntry, which would take it for index.html's early script).
  let head =
    deferred.head.replace(/<head>/, () => `<head><script>${CAPTURE}</script>`) + template.slice(headEnd);
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
  if (hoisted.some((tag) => /^<meta\b[^>]*name="description"/.test(tag)))
    setAside(/<meta name="?description"?[^>]*>/);
  const defaults = aside.length ? `<template id="${DEFAULT_HEAD_ID}">${aside.join('')}</template>` : '';
  return head
    .replace('</head>', () => `${styles}${hoisted.join('')}</head>`)
    .replace(/<div id="?root"?><\/div>/, () => `<div id="root" data-ssr="">${rest}</div>`)
    // 'This storefront needs JavaScript.' is index.html's word for an empty page: this one reads whole without.
    .replace(/<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('</body>', () => {
      const money = Object.keys(formats).length ? dataScript(formats, FORMATS_ELEMENT_ID) : '';
      return `${defaults}${dataScript(data)}${money}${deferred.startup}</body>`;
    });
}

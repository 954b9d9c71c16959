// A public page's metadata: <title>, description, canonical URL, Open Graph and Twitter tags. Rendered inside the page;
// React 19 hoists <title>, <meta> and <link> into <head> (in the browser and in a server render alike).
import { useLayoutEffect } from 'react';
import { getRuntimeConfig } from '../runtime-config';

/** The site's name: the end of every page title and og:site_name. */
export const SITE_NAME = 'HostHub';
const TITLE_SEPARATOR = ' | ';
/** A description longer than this is cut at a word (search engines show about this much). */
export const DESCRIPTION_MAX = 160;

export interface PageMetaProps {
  /** The page's own title; ' | HostHub' is added (not when the title already is the site name). */
  title: string;
  description: string;
  /** The page's canonical path, e.g. '/blog/blogpost/7' (query strings only when they choose the content). */
  path: string;
  /** A picture for link previews: absolute, or relative to the storefront. */
  image?: string | null;
  type?: 'website' | 'article';
  /** A page that must not be indexed (the 404 page): `<meta name="robots" content="noindex">`. */
  noindex?: boolean;
}

/**
 * The storefront's origin, for absolute URLs: config.json's optional `origin` (a server render sets it), else the
 * browser's address; '' when neither is known.
 */
export function storefrontOrigin(): string {
  let configured: string | undefined;
  try {
    configured = getRuntimeConfig().origin;
  } catch {
    /* not loaded (a remote on its own, a unit test) */
  }
  const origin = configured ?? (typeof window === 'undefined' ? '' : window.location.origin);
  return origin.replace(/\/+$/, '');
}

/** `path` (or an absolute URL) as an absolute URL on `origin`. */
export function absoluteUrl(pathOrUrl: string, origin = storefrontOrigin()): string {
  // A path is on this origin, also one that starts with two slashes or a slash and a backslash (a URL reads a host there).
  const onOrigin = pathOrUrl.startsWith('/') ? `/${pathOrUrl.replace(/^[/\\]+/, '')}` : pathOrUrl;
  try {
    return new URL(onOrigin, `${origin || 'http://localhost'}/`).href;
  } catch {
    return pathOrUrl;
  }
}

export function pageTitle(title: string): string {
  const own = title.trim();
  return !own || own === SITE_NAME ? SITE_NAME : `${own}${TITLE_SEPARATOR}${SITE_NAME}`;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of HTML for a description, cut at a word before `max` characters with '…'. Works without a DOM (a server
 * render): tags and the content of scripts and styles are dropped, common entities decoded. The result is only ever
 * used as an attribute value, which React escapes.
 */
export function excerpt(html: string, max = DESCRIPTION_MAX): string {
  const text = html
    .replace(/<(script|style|template|noscript|iframe|object|svg|math)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
      if (code[0] === '#') {
        const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
        return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[code.toLowerCase()] ?? all;
    })
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

// index.html's own title and description (for pages without PageMeta) step aside while a page states its own, so that
// a page never has two of either; they come back when a page without PageMeta replaces it.
const OWN = 'data-page-meta';
const DEFAULT_TITLE = `title:not([${OWN}])`;
const DEFAULTS = `${DEFAULT_TITLE}, meta[name="description"]:not([${OWN}])`;
const stash: Element[] = [];

/** Where a server-rendered page keeps index.html's defaults, which the server took out (shell/src/ssr/serialise.ts). */
const SERVER_DEFAULTS_ID = 'storefront-default-head';

/** How many PageMeta are on screen. */
let mounted = 0;

/** index.html's defaults (the server's inert copy, or the ones in <head>) into the stash: all, or its title alone. */
function takeDefaultsAside(which = DEFAULTS) {
  const fromServer = document.getElementById(SERVER_DEFAULTS_ID);
  if (fromServer instanceof HTMLTemplateElement) {
    stash.push(...Array.from(fromServer.content.children));
    fromServer.remove();
  }
  for (const el of document.head.querySelectorAll(which)) {
    stash.push(el);
    el.remove();
  }
}

/** The defaults back into <head>, each unless a page's own tag of its kind is there (a PageTitle states no description). */
function putDefaultsBack() {
  for (const el of stash.splice(0)) {
    const kind = el.tagName === 'TITLE' ? 'title' : 'meta[name="description"]';
    if (document.head.querySelector(`${kind}[${OWN}]`)) stash.push(el);
    else document.head.appendChild(el);
  }
}

function useDefaultsAside(which = DEFAULTS) {
  useLayoutEffect(() => {
    mounted += 1;
    takeDefaultsAside(which);
    return () => {
      mounted -= 1;
      // After the commit: the next page's own tags, if it has any, are in place by then.
      queueMicrotask(putDefaultsBack);
    };
  }, [which]);
}

/**
 * A page's title alone ('Your Cart | HostHub'), for the pages that are not for search engines or link previews: the
 * cart, signing in, the dashboard, settings and the staff console. The tab and a screen reader's page announcement
 * name the page (WCAG 2.4.2), not only the site.
 */
export function PageTitle({ title }: { title: string }) {
  useDefaultsAside(DEFAULT_TITLE);
  return <title {...{ [OWN]: '' }}>{pageTitle(title)}</title>;
}

/** Marks the tags a server render put into <head> (shell/src/ssr/serialise.ts, SERVER_HEAD_ATTRIBUTE). */
const SERVER_HEAD_ATTRIBUTE = 'data-ssr-head';

/**
 * Called by the shell when the visitor leaves the server-rendered page. Its <head> tags are React's once the page has
 * hydrated (React takes over a matching title, meta and link), but a navigation during hydration leaves them to no
 * one: the next page would show the previous page's title, or two of them. Those are removed here, and the defaults
 * come back if no page states its own. React marks the elements it owns with its `__reactFiber$…` key.
 */
export function settleServerHead(): void {
  for (const el of document.head.querySelectorAll(`[${SERVER_HEAD_ATTRIBUTE}]`)) {
    if (!Object.keys(el).some((key) => key.startsWith('__reactFiber$'))) el.remove();
  }
  if (mounted === 0) {
    takeDefaultsAside();
    putDefaultsBack();
  }
}

export function PageMeta({ title, description, path, image, type = 'website', noindex = false }: PageMetaProps) {
  useDefaultsAside();
  const origin = storefrontOrigin();
  const fullTitle = pageTitle(title);
  const text = excerpt(description);
  const url = absoluteUrl(path, origin);
  const picture = image ? absoluteUrl(image, origin) : null;
  const own = { [OWN]: '' };
  return (
    <>
      <title {...own}>{fullTitle}</title>
      <meta name="description" content={text} {...own} />
      <link rel="canonical" href={url} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title.trim() || SITE_NAME} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      {picture ? <meta property="og:image" content={picture} /> : null}
      <meta name="twitter:card" content={picture ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title.trim() || SITE_NAME} />
      <meta name="twitter:description" content={text} />
      {picture ? <meta name="twitter:image" content={picture} /> : null}
    </>
  );
}

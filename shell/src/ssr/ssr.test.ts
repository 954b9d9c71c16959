// The storefront server's pure parts (issue 21): which paths are rendered on the server, the page cache, and the
// data written into a page.
import { PageCache } from './page-cache';
import { targetOf, type ServerRoutes } from './route-match';
import { composePage, safeJson } from './serialise';

const routes: ServerRoutes = {
  mf_content: { prefixes: ['/', '/blog', '/about'], protected: [], ssr: ['/', '/blog', '/about'] },
  mf_auth: { prefixes: ['/auth*'], protected: [] },
  mf_cart: { prefixes: ['/cart', '/pricing'], protected: [], ssr: ['/pricing'] },
  mf_dashboard: { prefixes: ['/dashboard'], protected: ['/dashboard'], ssr: ['/dashboard'] },
};

describe('targetOf', () => {
  it('renders a remote’s public pages on the server, by the longest prefix', () => {
    expect(targetOf('/', routes)).toEqual({ kind: 'remote', owner: 'mf_content' });
    expect(targetOf('/blog/blogpost/first', routes)).toEqual({ kind: 'remote', owner: 'mf_content' });
    expect(targetOf('/pricing', routes)).toEqual({ kind: 'remote', owner: 'mf_cart' });
  });

  it('leaves pages without `ssr`, personal and protected pages to the browser, even when listed', () => {
    expect(targetOf('/cart', routes)).toEqual({ kind: 'client' });
    expect(targetOf('/authorize', routes)).toEqual({ kind: 'client' });
    expect(targetOf('/dashboard/domains/acme.com', routes)).toEqual({ kind: 'client' });
  });

  it('renders the 404 page for a path nobody owns, but not for a missing file', () => {
    expect(targetOf('/blogs', routes)).toEqual({ kind: 'not-found' });
    expect(targetOf('/favicon.ico', routes)).toEqual({ kind: 'client' });
  });
});

describe('PageCache', () => {
  it('keeps a page for its time to live only', () => {
    let now = 1000;
    const cache = new PageCache(10_000, 10, () => now, 0);
    cache.set('a', { status: 200, html: 'x' });
    now += 9_999;
    expect(cache.get('a')).toEqual({ status: 200, html: 'x' });
    now += 1;
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves a page past its time to live as stale for a while, then not at all', () => {
    let now = 0;
    const cache = new PageCache(10_000, 10, () => now, 60_000);
    cache.set('a', { status: 200, html: 'x' });
    expect(cache.lookup('a')).toEqual({ page: { status: 200, html: 'x' }, fresh: true });
    now = 10_000;
    expect(cache.lookup('a')).toEqual({ page: { status: 200, html: 'x' }, fresh: false });
    now = 69_999;
    expect(cache.lookup('a')?.fresh).toBe(false);
    now = 70_000;
    expect(cache.lookup('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops the oldest pages beyond its size', () => {
    const cache = new PageCache(10_000, 2);
    cache.set('a', { status: 200, html: 'a' });
    cache.set('b', { status: 200, html: 'b' });
    cache.set('c', { status: 200, html: 'c' });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('keys a page by its path and every version it was built from, in any order', () => {
    expect(PageCache.key('/', { mf_content: 'v1', content: '7' })).toBe(PageCache.key('/', { content: '7', mf_content: 'v1' }));
    expect(PageCache.key('/', { mf_content: 'v1' })).not.toBe(PageCache.key('/', { mf_content: 'v2' }));
    expect(PageCache.key('/?q=1', {})).not.toBe(PageCache.key('/', {}));
  });
});

describe('safeJson', () => {
  it('cannot close the script element or open a comment, and parses back to the same value', () => {
    const value = { html: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const out = safeJson(value);
    expect(out).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(out)).toEqual(value);
  });
});

describe('composePage', () => {
  const template =
    '<!doctype html><html><head><meta name=description content="Default"><title>Storefront</title></head><body><div id=root></div></body></html>';

  it('puts the markup into #root, marked as server-rendered, and the data before </body>', () => {
    const page = composePage(template, '<main>Hi</main>', { a: '</script>' });
    expect(page).toContain('<div id="root" data-ssr=""><main>Hi</main></div>');
    expect(page).toContain('<script type="application/json" id="storefront-ssr-data">{"a":"\\u003c/script\\u003e"}</script></body>');
  });

  it('moves a title that carries attributes (PageMeta marks its tags) as well', () => {
    const page = composePage(template, '<title data-page-meta="">Blog | HostHub</title><main>x</main>', {});
    expect(page).toContain('<head><meta name=description content="Default"><title data-page-meta="">Blog | HostHub</title></head>');
    expect(page.slice(0, page.indexOf('</head>'))).not.toContain('<title>Storefront</title>');
    expect(page).toContain('<div id="root" data-ssr=""><main>x</main></div>');
  });

  it('moves the tags React hoists into <head>, replacing the template’s title and description', () => {
    const page = composePage(template, '<title>Blog</title><meta name="description" content="Posts"/><main>x</main>', {});
    expect(page).toContain('<head><title>Blog</title><meta name="description" content="Posts"/></head>');
    // The defaults wait, inert, for the browser to put them back on a page without metadata of its own.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('Storefront');
    expect(head).not.toContain('Default');
    expect(page).toContain('<template id="storefront-default-head"><title>Storefront</title><meta name=description content="Default"></template>');
    expect(page).toContain('<div id="root" data-ssr=""><main>x</main></div>');
  });

  it('keeps index.html’s start-up tags aside until the page has loaded, in their order, and runs them then', () => {
    const built =
      '<!doctype html><html><head><title>Storefront</title><link rel=preload href=/config.json as=fetch crossorigin=anonymous>' +
      '<script defer src=/main.1.js></script><link rel=preload as=script fetchpriority=low href=/start.2.js>' +
      '<link rel=icon href=/i.svg><script>window.early=1</script></head><body><div id=root></div></body></html>';
    const page = composePage(built, '<link rel="preload" as="image" href="/hero.svg"/><main>x</main>', {});
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toBe('<!doctype html><html><head><title>Storefront</title><link rel=icon href=/i.svg><link rel="preload" as="image" href="/hero.svg"/>');
    const startup = /<template id="storefront-startup">([\s\S]*?)<\/template><script>([\s\S]*?)<\/script><\/body>/.exec(page);
    expect(startup?.[1]).toBe(
      '<link rel=preload href=/config.json as=fetch crossorigin=anonymous><script defer src=/main.1.js></script>' +
        '<link rel=preload as=script fetchpriority=low href=/start.2.js><script>window.early=1</script>',
    );
    // In a document that has loaded: the tags go into <head> as live elements, in order, and the inline one runs.
    document.head.innerHTML = '';
    document.body.innerHTML = `<template id="storefront-startup">${startup![1]}</template>`;
    new Function(startup![2]!)();
    return new Promise<void>((resolve) => {
      setTimeout(() => {
        const added = Array.from(document.head.children).map((el) => `${el.tagName} ${el.getAttribute('href') ?? el.getAttribute('src') ?? ''}`);
        expect(added).toEqual(['LINK /config.json', 'SCRIPT /main.1.js', 'LINK /start.2.js', 'SCRIPT ']);
        expect((window as unknown as { early?: number }).early).toBe(1);
        resolve();
      }, 50);
    });
  });

  it('keeps the template’s title when the page has none, and `$` in the markup as it is', () => {
    const page = composePage(template, '<p>$& $1 costs</p>', {});
    expect(page).toContain('<title>Storefront</title>');
    expect(page).toContain('<p>$& $1 costs</p>');
  });
});

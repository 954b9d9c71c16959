// The storefront server's pure parts (issue 21): which paths are rendered on the server, the page cache, and the
// data written into a page.
import { isOwnAddress, PageCache } from './page-cache';
import { pathOf, targetOf, type ServerRoutes } from './route-match';
import createCache from '@emotion/cache';
import { composePage, safeJson, stylesInHead } from './serialise';

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

describe('pathOf', () => {
  it('reads the path as the router does: without the query, and with dot segments left as sent', () => {
    expect(pathOf('/blog?page=2#top')).toBe('/blog');
    expect(pathOf('?x=1')).toBe('/');
    // new URL() would resolve these to '/', a page that exists, and the 404 page React Router renders would go out
    // with status 200.
    expect(pathOf('/%2e%2e/')).toBe('/%2e%2e/');
    expect(targetOf(pathOf('/%2e%2e/'), routes)).toEqual({ kind: 'not-found' });
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

  it('drops the least recently used pages beyond its size', () => {
    const cache = new PageCache(10_000, 2);
    cache.set('a', { status: 200, html: 'a' });
    cache.set('b', { status: 200, html: 'b' });
    cache.set('c', { status: 200, html: 'c' });
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(2);
    // b asked for again: c, not b, makes room for d.
    expect(cache.get('b')).toBeDefined();
    cache.set('d', { status: 200, html: 'd' });
    expect([cache.get('b')?.html, cache.get('c'), cache.get('d')?.html]).toEqual(['b', undefined, 'd']);
  });

  it('keeps pages of query strings and 404s apart, so any number of them cannot push the pages out', () => {
    const cache = new PageCache(10_000, 3, Date.now, 60_000, 2);
    cache.set('/|v', { status: 200, html: 'home' });
    cache.set('/about|v', { status: 200, html: 'about' });
    for (let i = 0; i < 50; i++) {
      cache.set(`/blog?utm=${i}|v`, { status: 200, html: 'blog' }, { tail: true });
      cache.set(`/nope-${i}|v`, { status: 404, html: 'not found' }, { tail: true });
    }
    expect([cache.get('/|v')?.html, cache.get('/about|v')?.html]).toEqual(['home', 'about']);
    expect(cache.get('/nope-49|v')?.html).toBe('not found');
    expect(cache.get('/blog?utm=0|v')).toBeUndefined();
    expect(cache.size).toBe(4);
  });

  it("a page's own address is the one its canonical link names; other spellings of it are not", () => {
    const page = (href: string) => `<head><title>About</title><link rel="canonical" href="${href}"/></head><body></body>`;
    expect(isOwnAddress('/about', page('https://shop.example/about'))).toBe(true);
    expect(isOwnAddress('/', page('https://shop.example/'))).toBe(true);
    expect(isOwnAddress('/blog?page=2', page('https://shop.example/blog?page=2&amp;x=1'))).toBe(false);
    expect(isOwnAddress('/blog?page=2&x=1', page('https://shop.example/blog?page=2&amp;x=1'))).toBe(true);
    for (const other of ['/about/', '/about//', '//about', '/About', '/about#x1', '/about?utm=1'])
      expect([other, isOwnAddress(other, page('https://shop.example/about'))]).toEqual([other, false]);
    expect(isOwnAddress('/about', '<head><title>About</title></head>')).toBe(false);
    expect(isOwnAddress('/about', '<link href="https://shop.example/about" rel="canonical">')).toBe(true);
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

/** A composed page less the capture script at the top of <head> (tested in before-hydration.test.tsx). */
const compose = (...args: Parameters<typeof composePage>) => composePage(...args).replace(/<head><script>[\s\S]*?<\/script>/, '<head>');

describe('composePage', () => {
  const template =
    '<!doctype html><html><head><meta name=description content="Default"><title>Storefront</title></head><body><div id=root></div></body></html>';

  it('puts the markup into #root, marked as server-rendered, and the data before </body>', () => {
    const page = compose(template.replace('</body>', '<noscript>This storefront needs JavaScript.</noscript></body>'), '<main>Hi</main>', { a: '</script>' });
    // The page reads whole without scripts: index.html's notice for its empty page goes.
    expect(page).not.toContain('needs JavaScript');
    expect(page).toContain('<div id="root" data-ssr=""><main>Hi</main></div>');
    expect(page).toContain('<script type="application/json" id="storefront-ssr-data">{"a":"\\u003c/script\\u003e"}</script></body>');
  });

  it('moves a title that carries attributes (PageMeta marks its tags) as well', () => {
    const page = compose(template, '<title data-page-meta="">Blog | HostHub</title><main>x</main>', {});
    expect(page).toContain('<head><meta name=description content="Default"><title data-ssr-head="" data-page-meta="">Blog | HostHub</title></head>');
    expect(page.slice(0, page.indexOf('</head>'))).not.toContain('<title>Storefront</title>');
    expect(page).toContain('<div id="root" data-ssr=""><main>x</main></div>');
  });

  it('moves the tags React hoists into <head>, replacing the template’s title and description', () => {
    const page = compose(template, '<title>Blog</title><meta name="description" content="Posts"/><main>x</main>', {});
    expect(page).toContain('<head><title data-ssr-head="">Blog</title><meta data-ssr-head="" name="description" content="Posts"/></head>');
    // The defaults wait, inert, for the browser to put them back on a page without metadata of its own.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).not.toContain('Storefront');
    expect(head).not.toContain('Default');
    expect(page).toContain('<template id="storefront-default-head"><title>Storefront</title><meta name=description content="Default"></template>');
    expect(page).toContain('<div id="root" data-ssr=""><main>x</main></div>');
  });

  describe('starts the scripts, and their preloads, once the page’s main image is painted', () => {
    const built =
      '<!doctype html><html lang=en><head><title>Storefront</title><link rel=preload href=/config.json as=fetch crossorigin=anonymous>' +
      '<script defer src=/main.1.js></script><link rel=preload as=script fetchpriority=low href=/start.2.js>' +
      '<script>window.early=1</script></head><body><div id=root></div></body></html>';
    // config.json's request and the early script first; the script files a task later.
    const first = ['/config.json', 'window.early=1'];
    const started = [...first, '/main.1.js', '/start.2.js'];
    const entries = () => Array.from(document.head.children).map((el) => el.getAttribute('src') ?? el.getAttribute('href') ?? el.textContent);
    const later = (ms = 40) => new Promise((resolve) => setTimeout(resolve, ms));
    let report: (entries: { element: Element }[]) => void = () => {};
    const original = (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver;
    afterEach(() => {
      (window as unknown as { PerformanceObserver?: unknown }).PerformanceObserver = original;
      jest.useRealTimers();
    });

    /** Composes a page around `markup`, then runs its starter in this document (whose body is `markup`). */
    function run(markup: string, reportsLargestPaint = true) {
      const page = compose(built, markup, {});
      const head = page.slice(0, page.indexOf('</head>'));
      // Nothing downloads beside the page and its images before the main image is painted.
      expect(head).toBe('<!doctype html><html data-ssr="" lang=en><head><title>Storefront</title>');
      const starter = /<script>(\(\(\)=>[\s\S]*?)<\/script><\/body>/.exec(page)![1]!;
      document.head.innerHTML = '';
      document.body.innerHTML = markup;
      const Observer = jest.fn((callback: (list: { getEntries(): { element: Element }[] }) => void) => {
        report = (list) => callback({ getEntries: () => list });
        return { observe: jest.fn() };
      });
      const types = reportsLargestPaint ? ['largest-contentful-paint', 'paint'] : ['paint'];
      (window as unknown as { PerformanceObserver: unknown }).PerformanceObserver = Object.assign(Observer, { supportedEntryTypes: types });
      new Function(starter)();
    }

    it('when the largest paint is the main image’s (Chromium), a task later; not by frames drawn', async () => {
      run('<p>Text</p><img src="/hero.svg" fetchpriority="high">');
      report([{ element: document.querySelector('p')! }]);
      // Chromium may draw frames it does not show yet: the image's load and the next frame are not enough.
      document.querySelector('img')!.dispatchEvent(new Event('load'));
      await later(80);
      expect(entries()).toEqual([]);
      report([{ element: document.querySelector('img')! }]);
      await later();
      expect(entries()).toEqual(started);
      expect((window as unknown as { early?: number }).early).toBe(1);
    });

    it('by any largest paint once the main image has loaded (Chromium; the largest may be text)', async () => {
      run('<p>Text</p><img src="/hero.svg" fetchpriority="high">');
      Object.defineProperty(document.querySelector('img')!, 'complete', { value: true });
      report([{ element: document.querySelector('p')! }]);
      await later();
      expect(entries()).toEqual(started);
    });

    it('when the main image has loaded and the next frame is drawn (a browser reporting no largest paint)', async () => {
      run('<img src="/hero.svg" fetchpriority="high">', false);
      await later();
      expect(entries()).toEqual([]);
      document.querySelector('img')!.dispatchEvent(new Event('load'));
      expect(entries()).toEqual([]); // not before the frame that draws it
      await later(80);
      expect(entries()).toEqual(started);
    });

    it('at once when the main image fails; after the page has loaded when it has none', async () => {
      run('<img src="/gone.svg" fetchpriority="high">');
      document.querySelector('img')!.dispatchEvent(new Event('error'));
      expect(entries()).toEqual(first);
      await later(0);
      expect(entries()).toEqual(started);
      run('<main>Text only</main>', false);
      await later();
      expect(entries()).toEqual([]);
      window.dispatchEvent(new Event('load'));
      await later(80);
      expect(entries()).toEqual(started);
    });

    it('after 3 s at the latest, not 1 s (a first frame held back a second must not find them started)', () => {
      jest.useFakeTimers();
      run('<img src="/hero.svg" fetchpriority="high">');
      jest.advanceTimersByTime(1_500);
      expect(entries()).toEqual([]);
      jest.advanceTimersByTime(1_600);
      expect(entries()).toEqual(started);
    });
  });

  it('puts the page’s CSS into <head>, before the tags React hoists', () => {
    const page = compose(template, '<title>Blog</title><main class="css-abc">x</main>', {}, {}, '<style data-emotion="css abc">.css-abc{color:red}</style>');
    expect(page).toContain('<style data-emotion="css abc">.css-abc{color:red}</style><title data-ssr-head="">Blog</title></head>');
  });

  it('marks the page’s CSS as in <head> already: emotion does not move its tags again, and knows their rules', () => {
    const tags = '<style data-emotion="css-global g1">body{margin:0}</style><style data-emotion="css abc def">.css-abc{color:red}</style>';
    expect(stylesInHead(tags)).toBe(
      '<style data-s="" data-emotion="css-global g1">body{margin:0}</style><style data-s="" data-emotion="css abc def">.css-abc{color:red}</style>',
    );
    const start = (styles: string) => {
      document.head.innerHTML = `${styles}<title>Home</title>`;
      const moved = jest.spyOn(document.head, 'appendChild');
      const cache = createCache({ key: 'css' });
      const moves = moved.mock.calls.length;
      moved.mockRestore();
      return { moves, cache };
    };
    // Unmarked, each tag would be moved to the end of <head> (the browser parses a moved tag's CSS again).
    expect(start(tags).moves).toBe(2);
    const { moves, cache } = start(stylesInHead(tags));
    expect(moves).toBe(0);
    // Its rules are known as inserted: hydration does not insert them a second time.
    expect(cache.inserted).toMatchObject({ abc: true, def: true });
    expect(document.head.firstElementChild?.getAttribute('data-emotion')).toBe('css-global g1');
  });

  it('keeps the template’s title when the page has none, and `$` in the markup as it is', () => {
    const page = compose(template, '<p>$& $1 costs</p>', {});
    expect(page).toContain('<title>Storefront</title>');
    expect(page).toContain('<p>$& $1 costs</p>');
  });
});

import { render } from '@testing-library/react';
import { setRuntimeConfig } from '../runtime-config';
import { PageMeta, PageTitle, absoluteUrl, excerpt, pageTitle, settleServerHead } from './page-meta';

it('a path is on the origin, also one starting with two slashes or a backslash (a URL would read a host there)', () => {
  const origin = 'https://shop.example';
  expect(absoluteUrl('/about', origin)).toBe('https://shop.example/about');
  expect(absoluteUrl('//evil.example/about', origin)).toBe('https://shop.example/evil.example/about');
  expect(absoluteUrl('/\\evil.example/', origin)).toBe('https://shop.example/evil.example/');
  expect(absoluteUrl('https://cdn.example/a.jpg', origin)).toBe('https://cdn.example/a.jpg');
});

const head = () => document.head;
const meta = (selector: string) => head().querySelector<HTMLMetaElement>(selector)?.content;

beforeEach(() => {
  head().innerHTML = '<title>Storefront</title><meta name="description" content="Default description">';
});

it('puts one title, one description, a canonical link and preview tags in <head>, with absolute URLs', () => {
  const { unmount } = render(
    <PageMeta title="My first post" description="<p>Hello &amp; <b>welcome</b></p>" path="/blog/blogpost/7" image="/img/a.png" type="article" />,
  );
  expect(head().querySelectorAll('title')).toHaveLength(1);
  expect(document.title).toBe('My first post | HostHub');
  expect(head().querySelectorAll('meta[name="description"]')).toHaveLength(1);
  expect(meta('meta[name="description"]')).toBe('Hello & welcome');
  const origin = window.location.origin;
  expect(head().querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${origin}/blog/blogpost/7`);
  expect(meta('meta[property="og:title"]')).toBe('My first post');
  expect(meta('meta[property="og:type"]')).toBe('article');
  expect(meta('meta[property="og:url"]')).toBe(`${origin}/blog/blogpost/7`);
  expect(meta('meta[property="og:image"]')).toBe(`${origin}/img/a.png`);
  expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image');
  expect(meta('meta[name="twitter:image"]')).toBe(`${origin}/img/a.png`);
  expect(head().querySelector('meta[name="robots"]')).toBeNull();

  // A page without metadata gets index.html's defaults back.
  unmount();
  return Promise.resolve().then(() => {
    expect(document.title).toBe('Storefront');
    expect(head().querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(meta('meta[name="description"]')).toBe('Default description');
    expect(head().querySelector('link[rel="canonical"]')).toBeNull();
  });
});

it("uses config.json's origin when it names one; no image, a summary card; noindex on request", () => {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: {}, origin: 'https://www.hosthub.test' });
  try {
    render(<PageMeta title="Page Not Found" description="Gone." path="/nope" noindex />);
    expect(head().querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://www.hosthub.test/nope');
    expect(head().querySelector('meta[property="og:image"]')).toBeNull();
    expect(meta('meta[name="twitter:card"]')).toBe('summary');
    expect(meta('meta[name="robots"]')).toBe('noindex');
  } finally {
    setRuntimeConfig(null as never);
  }
});

it('leaving a server-rendered page drops the server’s head tags React did not take over, and the defaults come back', () => {
  // As the server sends a page (shell/src/ssr/serialise.ts): its own tags marked, index.html's defaults kept aside.
  head().innerHTML =
    '<title data-ssr-head="" data-page-meta="">About us | HostHub</title>' +
    '<meta data-ssr-head="" name="description" content="About" data-page-meta="">' +
    '<link data-ssr-head="" rel="canonical" href="http://localhost/about">';
  document.body.innerHTML =
    '<template id="storefront-default-head"><title>Storefront</title><meta name="description" content="Default"></template>';
  // A navigation cut the hydration short: React took over none of them, and the next page has no PageMeta.
  settleServerHead();
  expect(Array.from(head().children).map((el) => el.outerHTML)).toEqual([
    '<title>Storefront</title>',
    '<meta name="description" content="Default">',
  ]);
  expect(document.getElementById('storefront-default-head')).toBeNull();
});

it('keeps the server’s head tags React took over (the page hydrated) and the page’s own', () => {
  head().innerHTML = '<title data-ssr-head="" data-page-meta="">Blog | HostHub</title>';
  const { unmount } = render(<PageMeta title="Blog" description="Posts" path="/blog" />);
  settleServerHead();
  expect(Array.from(head().querySelectorAll('title')).map((t) => t.textContent)).toEqual(['Blog | HostHub']);
  expect(meta('meta[name="description"]')).toBe('Posts');
  unmount();
});

it('a private page states its title alone: the default description stays, after a public page too', async () => {
  const publicPage = render(<PageMeta title="About us" description="About" path="/about" />);
  expect(document.title).toBe('About us | HostHub');
  publicPage.unmount();
  const privatePage = render(<PageTitle title="Your Cart" />);
  await Promise.resolve();
  expect(Array.from(head().querySelectorAll('title')).map((t) => t.textContent)).toEqual(['Your Cart | HostHub']);
  expect(Array.from(head().querySelectorAll('meta[name="description"]')).map((m) => (m as HTMLMetaElement).content)).toEqual([
    'Default description',
  ]);
  expect(head().querySelector('link[rel="canonical"], meta[property^="og:"]')).toBeNull();
  // And back to a public page, then to one without either: one title and one description at every step.
  privatePage.unmount();
  const again = render(<PageMeta title="Blog" description="Posts" path="/blog" />);
  await Promise.resolve();
  expect(Array.from(head().querySelectorAll('title')).map((t) => t.textContent)).toEqual(['Blog | HostHub']);
  expect(head().querySelectorAll('meta[name="description"]')).toHaveLength(1);
  again.unmount();
  await Promise.resolve();
  expect(document.title).toBe('Storefront');
  expect(meta('meta[name="description"]')).toBe('Default description');
});

it('titles end with the site name once; excerpts are plain text cut at a word', () => {
  expect(pageTitle('Blog')).toBe('Blog | HostHub');
  expect(pageTitle('HostHub')).toBe('HostHub');
  expect(excerpt('<script>alert(1)</script><h1>Title</h1><p>One&nbsp;two &#39;three&#x27; &lt;four&gt;</p>')).toBe(
    "Title One two 'three' <four>",
  );
  const long = excerpt(`<p>${'word '.repeat(100)}</p>`);
  expect(long.length).toBeLessThanOrEqual(160);
  expect(long).toMatch(/^word( word)+…$/);
});

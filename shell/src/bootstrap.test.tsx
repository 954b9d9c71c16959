import { act, screen } from '@testing-library/react';
import { start } from './bootstrap';

const config = {
  apiBaseUrl: 'http://api.test',
  remotes: Object.fromEntries(['mf_auth', 'mf_domains', 'mf_cart', 'mf_dashboard', 'mf_content'].map((n) => [n, `http://${n}.test/mf-manifest.json`])),
};

it("starts the opened page's data as its remote arrives, before the first render", async () => {
  globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as typeof fetch; // the API is down
  document.body.innerHTML = '<div id="root"></div>';
  window.history.pushState({}, '', '/blog');
  window.__storefrontConfig = Promise.resolve(new Response(JSON.stringify(config)));
  const renderedWhenPrefetched: boolean[] = [];
  const prefetch = jest.fn(() => renderedWhenPrefetched.push(document.querySelector('h1') !== null));
  const load = jest.fn(async () => [
    { path: '/', element: <h1>Home</h1> },
    { path: '/blog', element: <h1>Blog</h1>, handle: { prefetch } },
  ]);
  await act(() => start(() => ({ load })));
  expect(await screen.findByRole('heading', { name: 'Blog' })).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('mf_content');
  expect(renderedWhenPrefetched).toEqual([false]);
});

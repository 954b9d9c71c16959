import { act, screen } from '@testing-library/react';
import { Link } from 'react-router-dom';
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

it('renders the page a link leads to in the same task as the click, not as a transition that leaves the old one in use', async () => {
  globalThis.fetch = jest.fn(() => Promise.reject(new TypeError('offline'))) as typeof fetch;
  document.body.innerHTML = '<div id="root"></div>';
  window.history.pushState({}, '', '/auth');
  window.__storefrontConfig = Promise.resolve(new Response(JSON.stringify(config)));
  const load = jest.fn(async () => [
    { path: '/auth', element: <Link to="/auth/forgot-password">Forgot password?</Link> },
    { path: '/auth/forgot-password', element: <h1>Forgot password</h1> },
  ]);
  await act(() => start(() => ({ load })));
  const link = await screen.findByRole('link', { name: 'Forgot password?' });
  // Outside act(), which would flush a transition too: what a person (or a test) meets right after the click, before
  // the next task.
  const actEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  try {
    link.click();
    await Promise.resolve(); // React renders a click's update in the microtask after the event
    expect(window.location.pathname).toBe('/auth/forgot-password');
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Forgot password' })).toBeInTheDocument();
  } finally {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  }
});

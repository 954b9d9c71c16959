// The request-scoped load cache of server-rendered pages (issue 21): filled on the server, read at hydration.
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { LoadCache, LoadCacheProvider, useLoad, useNotFoundStatus } from './load';

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

const within = (cache: LoadCache) =>
  function Wrapper({ children }: { children: ReactNode }) {
    return <LoadCacheProvider cache={cache}>{children}</LoadCacheProvider>;
  };

describe('LoadCache on the server', () => {
  it('fetches each name once per page and keeps the answers for the page', async () => {
    const cache = new LoadCache(true);
    const fetcher = jest.fn(async () => ['a']);
    const both = Promise.all([cache.fetch('t/list', fetcher), cache.fetch('t/list', fetcher)]);
    // What a render over its time budget names in the server's log.
    expect([...cache.waiting]).toEqual(['t/list']);
    const [one, two] = await both;
    expect(cache.waiting.size).toBe(0);
    expect(one).toEqual({ data: ['a'] });
    expect(two).toBe(one);
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(cache.toJSON()).toEqual({ 't/list': ['a'] });
  });

  it('leaves a failed fetch out: no answer, nothing written into the page', async () => {
    const cache = new LoadCache(true);
    expect(await cache.fetch('t/broken', () => Promise.reject(new Error('down')))).toBeUndefined();
    expect(cache.toJSON()).toEqual({});
  });

  it("writes the loads the API answered 404 into the page: the browser shows them failed, as rendered, and asks nothing", async () => {
    const server = new LoadCache(true);
    const notFound = Object.assign(new Error('Not Found'), { response: { status: 404 } });
    expect(await server.fetch('t/post?nope', () => Promise.reject(notFound))).toEqual({ gone: true });
    // An answer all the same: the page (a 404) is whole, and may be cached like one.
    expect([server.failed, server.missing]).toEqual([0, 1]);
    const written = JSON.parse(JSON.stringify(server.toJSON())) as Record<string, unknown>;
    const browser = new LoadCache(false, written);
    const fetcher = jest.fn(async () => ({ title: 'never' }));
    const { result } = renderHook(() => useLoad(fetcher, { id: 't/post', key: 'nope' }), { wrapper: within(browser) });
    expect(result.current.state).toBe('failed');
    expect((result.current as { error: { response: { status: number } } }).error.response.status).toBe(404);
    await new Promise((r) => setTimeout(r, 20));
    expect(fetcher).not.toHaveBeenCalled();
    // Retry asks the API again.
    await waitFor(() => result.current.reload());
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('aborts the fetches still running when the render is over', () => {
    const cache = new LoadCache(true);
    let signal: AbortSignal | undefined;
    void cache.fetch('t/slow', (s) => {
      signal = s;
      return new Promise(() => {});
    });
    cache.abort();
    expect(signal?.aborted).toBe(true);
  });
});

describe('useNotFoundStatus', () => {
  it('makes a server-rendered page a 404 when its address names nothing in the data it got; nothing in the browser', () => {
    const server = new LoadCache(true);
    renderHook(() => useNotFoundStatus(), { wrapper: within(server) });
    renderHook(() => useNotFoundStatus(), { wrapper: within(server) });
    expect(server.missing).toBe(1);
    const browser = new LoadCache(false);
    renderHook(() => useNotFoundStatus(), { wrapper: within(browser) });
    expect(browser.missing).toBe(0);
  });
});

describe('useLoad hydrating a server-rendered page', () => {
  it('shows the server’s answer in its first render and does not fetch it again', async () => {
    const cache = new LoadCache(false, { 't/posts?2': ['post'] });
    const fetcher = jest.fn(async () => ['fresh']);
    const { result } = renderHook(() => useLoad(fetcher, { id: 't/posts', key: '2' }), { wrapper: within(cache) });
    expect(result.current).toMatchObject({ state: 'ready', data: ['post'] });
    await new Promise((r) => setTimeout(r, 20));
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('fetches what the server did not answer, and everything once the cache is closed', async () => {
    const cache = new LoadCache(false, { 't/a': 1 });
    const fetcher = jest.fn(async () => 2);
    const other = renderHook(() => useLoad(fetcher, { id: 't/b' }), { wrapper: within(cache) });
    expect(other.result.current.state).toBe('loading');
    await waitFor(() => expect(other.result.current).toMatchObject({ state: 'ready', data: 2 }));
    cache.close();
    const again = renderHook(() => useLoad(fetcher, { id: 't/a' }), { wrapper: within(cache) });
    expect(again.result.current.state).toBe('loading');
    await waitFor(() => expect(again.result.current).toMatchObject({ state: 'ready', data: 2 }));
  });

  it('reloads on reload() after a hydrated first render', async () => {
    const cache = new LoadCache(false, { 't/r': 'old' });
    const fetcher = jest.fn(async () => 'new');
    const { result } = renderHook(() => useLoad(fetcher, { id: 't/r' }), { wrapper: within(cache) });
    result.current.reload();
    await waitFor(() => expect(result.current).toMatchObject({ state: 'ready', data: 'new' }));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });
});

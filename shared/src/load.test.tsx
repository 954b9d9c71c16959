import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ListState, LoadState, loadKey, prefetch, useLoad, type Load } from './load';

const ready = (data: unknown) => ({ state: 'ready', data, reload: expect.any(Function) });
const loading = { state: 'loading', reload: expect.any(Function) };

/** A fetcher whose answers the test gives by hand, in any order. */
function manual<T>() {
  const pending: { resolve(value: T): void; reject(error: unknown): void; signal: AbortSignal }[] = [];
  const fetcher = jest.fn(
    (signal: AbortSignal) => new Promise<T>((resolve, reject) => pending.push({ resolve, reject, signal })),
  );
  return { fetcher, pending };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => jest.restoreAllMocks());

describe('useLoad', () => {
  it('loads on mount and reports the answer', async () => {
    const load = jest.fn(async () => ['a']);
    const { result } = renderHook(() => useLoad(load, { id: 'test/mount' }));
    expect(result.current).toEqual(loading);
    await waitFor(() => expect(result.current).toEqual(ready(['a'])));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes over a request started by prefetch with the same id and key instead of asking again, once', async () => {
    const load = jest.fn(async () => 'early');
    prefetch(load, { id: 'test/prefetch' });
    prefetch(load, { id: 'test/prefetch' }); // a second prefetch of the same load does not ask twice
    expect(load).toHaveBeenCalledTimes(1);
    const first = renderHook(() => useLoad(load, { id: 'test/prefetch' }));
    await waitFor(() => expect(first.result.current).toEqual(ready('early')));
    expect(load).toHaveBeenCalledTimes(1);
    // The prefetched answer is used by one page only: the next mount asks afresh.
    first.unmount();
    const second = renderHook(() => useLoad(load, { id: 'test/prefetch' }));
    await waitFor(() => expect(second.result.current).toEqual(ready('early')));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not take over a prefetch of another key', async () => {
    const load = jest.fn(async () => 'x');
    prefetch(load, { id: 'test/keyed', key: '1' });
    const { result } = renderHook(() => useLoad(load, { id: 'test/keyed', key: '2' }));
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a failed prefetched request as the page error, and Retry asks again', async () => {
    const error = new Error('down');
    const load = jest.fn(() => Promise.reject(error));
    prefetch(load, { id: 'test/failed' });
    const { result } = renderHook(() => useLoad(load, { id: 'test/failed' }));
    await waitFor(() => expect(result.current).toEqual({ state: 'failed', error, reload: expect.any(Function) }));
    expect(load).toHaveBeenCalledTimes(1);
    load.mockResolvedValueOnce('back' as never);
    act(() => result.current.reload());
    expect(result.current).toEqual(loading); // a retry shows the loading state again
    await waitFor(() => expect(result.current).toEqual(ready('back')));
  });

  it('keeps loaded data on screen while it reloads', async () => {
    const { fetcher, pending } = manual<string>();
    const { result } = renderHook(() => useLoad(fetcher, { id: 'test/reload' }));
    await act(async () => pending[0]!.resolve('first'));
    expect(result.current).toEqual(ready('first'));
    act(() => result.current.reload());
    expect(result.current).toEqual(ready('first'));
    await act(async () => pending[1]!.resolve('second'));
    expect(result.current).toEqual(ready('second'));
  });

  it('shows the loading state for a new key, drops the old answer and aborts its request', async () => {
    const { fetcher, pending } = manual<string>();
    const { result, rerender } = renderHook(({ key }) => useLoad(fetcher, { id: 'test/key', key }), { initialProps: { key: 'a' } });
    await act(async () => pending[0]!.resolve('A'));
    rerender({ key: 'b' });
    expect(result.current).toEqual(loading); // not A's data under B's address
    rerender({ key: 'c' });
    expect(pending[1]!.signal.aborted).toBe(true);
    await act(async () => pending[1]!.resolve('B, late'));
    expect(result.current).toEqual(loading);
    await act(async () => pending[2]!.resolve('C'));
    expect(result.current).toEqual(ready('C'));
  });

  it('keeps the previous key\'s data while a new key loads when asked to (search and filter pages)', async () => {
    const { fetcher, pending } = manual<string>();
    const { result, rerender } = renderHook(({ key }) => useLoad(fetcher, { id: 'test/keep', key, keepOnNewKey: true }), {
      initialProps: { key: 'a' },
    });
    await act(async () => pending[0]!.resolve('A'));
    rerender({ key: 'b' });
    expect(result.current).toEqual(ready('A'));
    await act(async () => pending[1]!.resolve('B'));
    expect(result.current).toEqual(ready('B'));
  });

  it('drops an answer that arrives after unmount', async () => {
    const { fetcher, pending } = manual<string>();
    const { unmount } = renderHook(() => useLoad(fetcher, { id: 'test/unmount' }));
    unmount();
    expect(pending[0]!.signal.aborted).toBe(true);
    await act(async () => pending[0]!.resolve('late'));
  });

  it('names an answer by id and key', () => {
    expect(loadKey('content/blog-post', 'hello')).toBe('content/blog-post?hello');
    expect(loadKey('content/slides')).toBe('content/slides');
  });
});

describe('LoadState and ListState', () => {
  function Page({ fetcher, list }: { fetcher: () => Promise<string[]>; list?: boolean }) {
    const load: Load<string[]> = useLoad(fetcher, { id: 'test/page' });
    const show = (items: string[]) => <p>{items.join(', ')}</p>;
    return list ? (
      <ListState load={load} what="invoices" empty="No invoices yet." isEmpty={(d) => d.length === 0}>
        {show}
      </ListState>
    ) : (
      <LoadState load={load} what="hosting plans" placeholder="cards">
        {show}
      </LoadState>
    );
  }

  it('shows the loading state, then a failure with Retry that loads again', async () => {
    const fetcher = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(['Starter']);
    render(<Page fetcher={fetcher} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading hosting plans…');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching the hosting plans. Please retry.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Starter')).toBeInTheDocument();
  });

  it('speaks of the customer\'s own list, and says when it is empty', async () => {
    const failing = jest.fn().mockRejectedValue(new Error('down'));
    const { unmount } = render(<Page fetcher={failing} list />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching your invoices. Please retry.');
    unmount();
    render(<Page fetcher={async () => []} list />);
    expect(await screen.findByText('No invoices yet.')).toBeInTheDocument();
  });
});

describe('an address that names nothing', () => {
  function Page({ fetcher }: { fetcher: () => Promise<string> }) {
    const load = useLoad(fetcher, { id: 'test/missing' });
    return (
      <LoadState load={load} what="customer" missing="No such customer.">
        {(name) => <p>{name}</p>}
      </LoadState>
    );
  }
  const httpError = (status: number) => Object.assign(new Error(`HTTP ${status}`), { response: { status } });

  it('says so, without a Retry that could never load it, when the API answers 404', async () => {
    render(<Page fetcher={jest.fn().mockRejectedValue(httpError(404))} />);
    expect(await screen.findByText('No such customer.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('any other failure is still one to retry', async () => {
    render(<Page fetcher={jest.fn().mockRejectedValueOnce(httpError(503)).mockResolvedValueOnce('ada')} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong while fetching the customer. Please retry.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('ada')).toBeInTheDocument();
  });
});

describe('load ids', () => {
  // Server rendering will cache answers by id and key: one id must always name the same data source. Every call of
  // useLoad and prefetch in the remotes gives a literal id '<area>/<what>', its area is its remote, and two call sites
  // with one id call the same fetcher.
  const root = join(__dirname, '..', '..');
  const remotes = readdirSync(root).filter((d) => d.startsWith('mf-'));
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
    });

  /** The argument text of each call of useLoad or prefetch in `source` (balanced brackets; no brackets in strings). */
  function calls(source: string): string[] {
    const found: string[] = [];
    for (const match of source.matchAll(/\b(?:useLoad|prefetch)\(/g)) {
      let depth = 1;
      let i = match.index + match[0].length;
      for (; i < source.length && depth > 0; i++) {
        if ('([{'.includes(source[i]!)) depth++;
        else if (')]}'.includes(source[i]!)) depth--;
      }
      found.push(source.slice(match.index + match[0].length, i - 1));
    }
    return found;
  }

  it('are literal, named after their remote, and name one fetcher each', () => {
    const fetchers = new Map<string, Set<string>>();
    let count = 0;
    for (const remote of remotes) {
      for (const file of files(join(root, remote, 'src'))) {
        for (const args of calls(readFileSync(file, 'utf8'))) {
          count++;
          const call = /^([\s\S]*?),\s*\{\s*id:\s*'([^']*)'/.exec(args);
          expect(call ? `${remote}: ${call[2]}` : `${file}: a call without a literal id: ${args}`).toMatch(
            new RegExp(`^${remote}: ${remote.slice(3)}/[a-z-]+$`),
          );
          const [, fetcher, id] = call!;
          fetchers.set(id!, (fetchers.get(id!) ?? new Set()).add(fetcher!.replace(/\s+/g, ' ').trim()));
        }
      }
    }
    expect(count).toBeGreaterThan(20);
    for (const [id, set] of fetchers) expect(`${id}: ${[...set].join(' | ')}`).toBe(`${id}: ${[...set][0]}`);
  });
});

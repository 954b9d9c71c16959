import { renderHook, waitFor } from '@testing-library/react';
import { prefetch, useLoad } from './use-load';

describe('useLoad', () => {
  it('loads on mount and reports the answer', async () => {
    const load = jest.fn(async () => ['a']);
    const { result } = renderHook(() => useLoad(load));
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ok', data: ['a'] }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes over a request started by prefetch instead of asking again, once', async () => {
    const load = jest.fn(async () => 'early');
    prefetch(load);
    prefetch(load); // a second prefetch of the same load does not ask twice
    expect(load).toHaveBeenCalledTimes(1);
    const first = renderHook(() => useLoad(load));
    await waitFor(() => expect(first.result.current).toEqual({ status: 'ok', data: 'early' }));
    expect(load).toHaveBeenCalledTimes(1);
    // The prefetched answer is used by one page only: the next mount asks afresh.
    first.unmount();
    const second = renderHook(() => useLoad(load));
    await waitFor(() => expect(second.result.current).toEqual({ status: 'ok', data: 'early' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('reports a failed prefetched request as the page error', async () => {
    const error = new Error('down');
    const load = jest.fn(() => Promise.reject(error));
    prefetch(load);
    const { result } = renderHook(() => useLoad(load));
    await waitFor(() => expect(result.current).toEqual({ status: 'error', error }));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

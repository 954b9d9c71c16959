import { prefetchPage } from './remotes';

describe('prefetchPage', () => {
  it("starts the data of the page at the path through its route's handle, and no other page's", () => {
    const home = jest.fn();
    const blog = jest.fn();
    const routes = [
      { path: '/', handle: { prefetch: home } },
      { path: '/blog', handle: { prefetch: blog } },
      { path: '/blog/blogpost/:slug' },
    ];
    prefetchPage(routes, '/blog');
    expect(blog).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
    prefetchPage(routes, '/blog/blogpost/7'); // a route without a handle: its page fetches its own data
    prefetchPage(routes, '/nowhere');
    expect(blog).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
  });

  it('does not let a failing prefetch stop the page from starting', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      prefetchPage([{ path: '/', handle: { prefetch: () => { throw new Error('bad'); } } }], '/'),
    ).not.toThrow();
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });
});

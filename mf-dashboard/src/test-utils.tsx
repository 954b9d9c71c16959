// Component-test helpers: a fake API behind globalThis.fetch, and a router around the page under test.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { Toast } from 'shared/ui';

export interface Call {
  method: string;
  path: string;
  search: string;
  body: unknown;
}
type Answer = { status?: number; body: unknown } | ((call: Call) => { status?: number; body: unknown });

/** Answers `METHOD path` (path without slashes at either end) from `routes`; anything else is a 404. */
export function fakeApi(routes: Record<string, Answer>) {
  setRuntimeConfig({ apiBaseUrl: 'http://api.test', remotes: {} });
  const calls: Call[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname.replace(/^\/|\/$/g, ''),
      search: url.search,
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`];
    const { status = 200, body } = answer
      ? typeof answer === 'function'
        ? answer(call)
        : answer
      : { status: 404, body: { detail: 'Not found.' } };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { calls, spy };
}

/** Renders `element` at `path` with the other routes as plain markers, plus the toast. */
export function renderAt(path: string, element: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: path.split('?')[0], element: <>{element}<Toast /></> },
      { path: '*', element: <p>Now at another page</p> },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

export const me = { data: { id: 7, username: 'demo', email: 'demo@example.com', first_name: 'Ada', last_name: 'Obi', is_staff: false } };

afterEach(() => {
  jest.restoreAllMocks();
});

// Test helpers: the remote's routes in a memory router, and a fake API behind `globalThis.fetch`.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { routes } from '../routes';

export const API = 'http://api.test';

// jest.environment.cjs replaces jsdom's FormData with Node's, which cannot read a <form>. React 19 builds one when a
// submit handler starts a transition, as react-router navigations do; the form data is never used by these pages.
const NodeFormData = globalThis.FormData;
globalThis.FormData = class extends NodeFormData {
  constructor() {
    super();
  }
} as typeof FormData;

/** Renders the remote's routes at `url`, plus a stand-in /cart page; returns the router to read its location. */
export function renderAt(url: string) {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  const router = createMemoryRouter([...routes, { path: '/cart', element: <h1>Cart page</h1> }], { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface Call {
  method: string;
  path: string;
  params: URLSearchParams;
  body: unknown;
}

/** Replaces fetch with `handler`; every call is recorded, its JSON body parsed. */
export function fakeApi(handler: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const call = { method: request.method, path: url.pathname, params: url.searchParams, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    return handler(call);
  });
  return { calls, spy };
}

export const suggestion = (domain: string, available = true, price = 10, renewal = 12, id = 1) => ({
  domain,
  price,
  renewal_price: renewal,
  available,
  id,
  service: 1,
});

export const suggestionsAnswer = (
  list: (ReturnType<typeof suggestion> & { status?: string; premium?: boolean; transfer_price?: number; domain_unicode?: string })[],
  totalPages = 1,
  page = 1,
) => ({
  result: 'success',
  suggestions: list,
  total_pages: totalPages,
  has_next: page < totalPages,
});

/** A promise with its resolve handle, for answers that arrive when the test says so. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

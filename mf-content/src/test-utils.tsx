// Test helpers: a fake API answering by path (through globalThis.fetch, as the browser would), and the remote's
// routes rendered in a memory router.
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { setRuntimeConfig } from 'shared/runtime-config';
import { routes } from './routes';

export const API = 'http://api.test';

// The jsdom environment here exposes Node's FormData, which cannot read a <form>; React 19 builds one from the form
// when a submit handler starts a transition (react-router's navigate does). Give it a FormData that can.
const NodeFormData = globalThis.FormData;
if (!(NodeFormData as unknown as { readsForms?: boolean }).readsForms) {
  class FormReadingFormData extends NodeFormData {
    static readsForms = true;
    constructor(form?: HTMLFormElement, _submitter?: HTMLElement | null) {
      super();
      if (!form) return;
      for (const element of Array.from(form.elements) as HTMLInputElement[]) {
        if (element.name && !element.disabled) this.append(element.name, element.value);
      }
    }
  }
  globalThis.FormData = FormReadingFormData as unknown as typeof FormData;
}

type Answer = { status?: number; body: unknown } | 'network-error';

/** Replaces fetch: each path (without trailing slash) answers its entry; unknown paths answer 404. */
export function mockApi(answers: Record<string, Answer | unknown[]>) {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  const calls: string[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const path = url.pathname.replace(/\/+$/, '');
    calls.push(path);
    const answer = answers[path];
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    if (answer === undefined) return json({ detail: 'Not found.' }, 404);
    if (Array.isArray(answer)) return json(answer, 200);
    const { status = 200, body } = answer as { status?: number; body: unknown };
    return json(body, status);
  });
  return { spy, calls };
}

function json(body: unknown, status: number) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Every content path down: the network fails for all of them. */
export function apiDown() {
  setRuntimeConfig({ apiBaseUrl: API, remotes: {} });
  return jest.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
}

export function renderAt(path: string) {
  const router = createMemoryRouter([...routes, { path: '*', element: <p>Other page</p> }], { initialEntries: [path] });
  const view = render(<RouterProvider router={router} />);
  return { ...view, router };
}

import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { noteTypedFields, replayBeforeHydration } from './before-hydration';
import { composePage, EARLY_ACTIONS } from './ssr/serialise';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Search({ onQuery }: { onQuery: (query: string) => void }) {
  const [text, setText] = useState('');
  const [plan, setPlan] = useState('monthly');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onQuery(`${text}/${plan}`);
      }}
    >
      <label htmlFor="q">Domain name</label>
      <input id="q" value={text} onChange={(e) => setText(e.target.value)} />
      <label htmlFor="p">Plan</label>
      <select id="p" value={plan} onChange={(e) => setPlan(e.target.value)}>
        <option value="monthly">Monthly</option>
        <option value="yearly">Yearly</option>
      </select>
      <input type="checkbox" aria-label="untouched" />
      <button type="submit">Search</button>
    </form>
  );
}

it('hands React what was typed into a server-rendered page before it hydrated', async () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const queries: string[] = [];
  container.innerHTML = renderToString(<Search onQuery={(q) => queries.push(q)} />);
  // The visitor types and chooses before the scripts have run.
  container.querySelector('input')!.value = 'mybrand.ng';
  container.querySelector('select')!.value = 'yearly';
  noteTypedFields(container);
  await act(async () => {
    hydrateRoot(container, <Search onQuery={(q) => queries.push(q)} />);
  });
  await act(async () => replayBeforeHydration());
  await act(async () => container.querySelector('form')!.requestSubmit());
  expect(queries).toEqual(['mybrand.ng/yearly']);
  expect(container.querySelector('input')!.value).toBe('mybrand.ng');
  container.remove();
});

it('leaves a field typed on after it hydrated (React took those keys): the noted value would take letters back out', async () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const queries: string[] = [];
  container.innerHTML = renderToString(<Search onQuery={(q) => queries.push(q)} />);
  const input = container.querySelector('input')!;
  input.value = 'exa';
  noteTypedFields(container);
  await act(async () => {
    hydrateRoot(container, <Search onQuery={(q) => queries.push(q)} />);
  });
  // Typed on once hydrated, before the replay's turn: React sees these keys as they come.
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, 'exam');
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(async () => replayBeforeHydration());
  expect(input.value).toBe('exam');
  await act(async () => container.querySelector('form')!.requestSubmit());
  expect(queries).toEqual(['exam/monthly']);
  container.remove();
});

function Cart({ onAdd }: { onAdd: () => void }) {
  return (
    <article>
      <button type="button" onClick={onAdd}>
        Add to cart
      </button>
      <a href="#plans">Plans</a>
    </article>
  );
}

/** The capture script as the server puts it into <head>, run once for the whole file (as once per page). */
let captureInstalled = false;
function installCapture(): void {
  if (captureInstalled) return;
  captureInstalled = true;
  const page = composePage('<html><head></head><body><div id=root></div></body></html>', '<main>x</main>', {});
  new Function(/<head><script>([\s\S]*?)<\/script>/.exec(page)![1]!)();
}

// A page has one replay; each test here is a page of its own.
afterEach(() => {
  const queue = (window as unknown as Record<string, (unknown[] & { pump?: unknown; typed?: Map<unknown, unknown>; busy?: boolean }) | undefined>)[EARLY_ACTIONS];
  if (!queue) return;
  queue.length = 0;
  queue.typed?.clear();
  delete queue.pump;
  delete queue.busy;
});

it('replays a button clicked before hydration once React handles it, and lets later clicks through', async () => {
  installCapture();
  const container = document.createElement('div');
  document.body.appendChild(container);
  let added = 0;
  container.innerHTML = renderToString(<Cart onAdd={() => (added += 1)} />);
  const button = container.querySelector('button')!;
  const clicked = new MouseEvent('click', { bubbles: true, cancelable: true });
  button.dispatchEvent(clicked);
  expect(clicked.defaultPrevented).toBe(true);
  await act(async () => {
    hydrateRoot(container, <Cart onAdd={() => (added += 1)} />);
  });
  expect(added).toBe(0);
  await act(async () => replayBeforeHydration());
  expect(added).toBe(1);
  // From now on React has the clicks; a link was never held.
  await act(async () => button.click());
  expect(added).toBe(2);
  const link = new MouseEvent('click', { bubbles: true, cancelable: true });
  container.querySelector('a')!.dispatchEvent(link);
  expect(link.defaultPrevented).toBe(false);
  container.remove();
});

it('holds a click on a hydrated button until the text typed before hydration has reached React', async () => {
  installCapture();
  const container = document.createElement('div');
  document.body.appendChild(container);
  const queries: string[] = [];
  container.innerHTML = renderToString(<Search onQuery={(q) => queries.push(q)} />);
  // Typed before hydration: the capture script keeps the text.
  const input = container.querySelector('input')!;
  input.value = 'other.com';
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await act(async () => {
    hydrateRoot(container, <Search onQuery={(q) => queries.push(q)} />);
  });
  // The button has hydrated and is clicked before the replay has handed the text to React: the click waits for it.
  const clicked = new MouseEvent('click', { bubbles: true, cancelable: true });
  container.querySelector('button')!.dispatchEvent(clicked);
  expect(clicked.defaultPrevented).toBe(true);
  expect(queries).toEqual([]);
  // The text first; the click a task later, once React has taken the text (whether act's own waiting has let that
  // task run yet depends on the machine's load: only the outcome is checked, the query with the typed text).
  await act(async () => replayBeforeHydration());
  await act(() => new Promise((resolve) => setTimeout(resolve, 10)));
  expect(queries).toEqual(['other.com/monthly']);
  // Nothing waits any more: the next click is React's at once.
  await act(async () => container.querySelector('button')!.click());
  expect(queries).toEqual(['other.com/monthly', 'other.com/monthly']);
  container.remove();
});

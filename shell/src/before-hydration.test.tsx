import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { noteTypedFields, replayBeforeHydration } from './before-hydration';
import { composePage } from './ssr/serialise';

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

it('replays a button clicked before hydration once React handles it, and lets later clicks through', async () => {
  // The capture script as the server puts it into <head>.
  const page = composePage(
    '<html><head></head><body><div id=root></div></body></html>',
    '<main>x</main>',
    {},
  );
  const capture = /<head><script>([\s\S]*?)<\/script>/.exec(page)![1]!;
  new Function(capture)();
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

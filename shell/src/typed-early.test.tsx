import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { noteTypedFields, replayTypedFields } from './typed-early';

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
  await act(async () => replayTypedFields());
  await act(async () => container.querySelector('form')!.requestSubmit());
  expect(queries).toEqual(['mybrand.ng/yearly']);
  expect(container.querySelector('input')!.value).toBe('mybrand.ng');
  container.remove();
});

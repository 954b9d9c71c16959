// The '{host}' placeholder of a server-rendered search box (useHostPlaceholder): put on the element after hydration,
// without a render that would set the controlled box back to its state over what the visitor typed before then.
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { TextField } from './fields';

function Box() {
  const [text, setText] = useState('');
  return <TextField label="Domain name" hostPlaceholder value={text} onChange={(e) => setText(e.target.value)} />;
}

it('a server-rendered box gets the host as placeholder at hydration and keeps the text typed before it', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Box />);
  document.body.appendChild(container);
  const input = container.querySelector('input')!;
  // The server knows no host.
  expect(input.hasAttribute('placeholder')).toBe(false);
  // Typed into the server's HTML, before the scripts came.
  input.value = 'example';
  await act(async () => {
    hydrateRoot(container, <Box />);
  });
  expect(input.placeholder).toBe(window.location.host);
  // A render after hydration to show the host set the box back to '' (its state) here.
  expect(input.value).toBe('example');
  container.remove();
});

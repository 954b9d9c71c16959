import styled from '@emotion/styled';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, theme, useHostPlaceholder } from 'shared/ui';

export const EXTENSIONS = ['.com', '.ng', '.gov', '.edu', '.net', '.co', '.uk'] as const;

const Form = styled.form`
  display: flex; gap: .5rem; flex-wrap: wrap; align-items: stretch;
  label { flex: 1 0 100%; font-weight: 600; }
  input { flex: 1 1 220px; min-width: 0; min-height: 48px; font: inherit; padding: .6rem .9rem; border-radius: ${theme.radius};
    border: 1px solid ${theme.color.border}; background: #fff; color: ${theme.color.text}; }
  input:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 1px; }
  button { min-width: 120px; }
`;

const Extensions = styled.ul`
  list-style: none; display: flex; flex-wrap: wrap; gap: .5rem; padding: 0; margin: 1rem 0 0;
  li { padding: .35rem .8rem; border-radius: 999px; background: #fff; border: 1px solid ${theme.color.border};
    font-weight: 700; color: ${theme.color.primary}; }
`;

/** The home page's domain search (spec 'Home'): Enter or 'Search' goes to /search?query=...; empty input is not checked. */
export function DomainSearch() {
  // The page may be rendered on the server (issue 21), which does not know the visitor's host: the placeholder shows
  // it once the page has hydrated, put on the element without a render (useHostPlaceholder).
  const field = useRef<HTMLInputElement>(null);
  useHostPlaceholder(field);
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const id = useId();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`/search?query=${encodeURIComponent(query.trim())}`);
  };
  return (
    <>
      {/* Without scripts (a server-rendered page) the browser submits it to the search page itself. */}
      <Form role="search" action="/search" onSubmit={onSubmit}>
        <label htmlFor={id}>Domain name</label>
        <input
          id={id}
          name="query"
          type="text"
          inputMode="url"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          ref={field}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <Button type="submit">Search</Button>
      </Form>
      <Extensions aria-label="Popular extensions">
        {EXTENSIONS.map((ext) => (
          <li key={ext}>{ext}</li>
        ))}
      </Extensions>
    </>
  );
}

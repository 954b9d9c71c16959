import styled from '@emotion/styled';
import { useId, useState } from 'react';
import { Lines, theme } from 'shared/ui';
import type { Faq } from '../api/schemas';

const List = styled.div`
  display: grid; gap: .75rem;
  h3 { margin: 0; font-size: 1.05rem; }
  button { width: 100%; display: flex; justify-content: space-between; align-items: center; gap: 1rem; text-align: left;
    font: inherit; font-weight: 600; color: ${theme.color.text}; background: #fff; border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius}; padding: 1rem 1.25rem; min-height: 44px; cursor: pointer; }
  button:hover { border-color: ${theme.color.primary}; }
  button svg { flex: none; width: 20px; height: 20px; transition: transform .2s; }
  button[aria-expanded='true'] svg { transform: rotate(180deg); }
  div.answer { padding: .75rem 1.25rem 0; color: ${theme.color.muted}; }
  @media (prefers-reduced-motion: reduce) { button svg { transition: none; } }
`;

function FaqItem({ faq }: { faq: Faq }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <h3>
        <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
          <span>{faq.question}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true"><path d="M5 9l7 7 7-7" stroke="currentColor" strokeWidth="2.5" fill="none" strokeLinecap="round" /></svg>
        </button>
      </h3>
      <div className="answer" id={id} hidden={!open}>
        <p style={{ margin: 0 }}>
          <Lines text={faq.answer ?? ''} />
        </p>
      </div>
    </div>
  );
}

/** Questions as disclosure buttons (keyboard-operable: Enter and Space toggle the answer). */
export function FaqList({ faqs }: { faqs: Faq[] }) {
  return (
    <List>
      {faqs.map((faq) => (
        <FaqItem key={faq.id} faq={faq} />
      ))}
    </List>
  );
}

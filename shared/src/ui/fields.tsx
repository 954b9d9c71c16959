import styled from '@emotion/styled';
import { useEffect, useId, type InputHTMLAttributes, type ReactNode, type RefObject, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { useFocusKept } from './focus-kept';
import { theme } from './theme';

const Wrap = styled.div`
  display: flex; flex-direction: column; gap: .35rem; margin-bottom: 1rem; min-width: 0;
  label { font-weight: 600; color: ${theme.color.text}; font-size: .95rem; }
  input, select, textarea {
    font: inherit; color: ${theme.color.text}; background: #fff; min-height: 44px;
    border: 1px solid ${theme.color.border}; border-radius: 8px; padding: .55rem .75rem; width: 100%;
  }
  textarea { min-height: 110px; resize: vertical; }
  input:focus-visible, select:focus-visible, textarea:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 1px; }
  [aria-invalid='true'] { border-color: ${theme.color.error}; }
  input:disabled, select:disabled, textarea:disabled { background: ${theme.color.background}; }
`;
const ErrorText = styled.p`
  margin: 0; color: ${theme.color.error}; font-size: .875rem;
`;
const Hint = styled.p`
  margin: 0; color: ${theme.color.muted}; font-size: .875rem;
`;

interface FieldShell {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

function useFieldIds(id?: string) {
  const auto = useId();
  const fieldId = id ?? `f${auto.replace(/:/g, '')}`;
  return { fieldId, errorId: `${fieldId}-error`, hintId: `${fieldId}-hint` };
}

function describedBy(error: string | undefined, hint: ReactNode, ids: { errorId: string; hintId: string }) {
  const list = [hint ? ids.hintId : '', error ? ids.errorId : ''].filter(Boolean).join(' ');
  return list || undefined;
}

/**
 * The visitor's host as the placeholder of the field `ref` holds (the spec's '{host}'), put on the element once it is in
 * the page rather than rendered: the server does not know the host, and a render after hydration to show it also set
 * the controlled field back to its state, wiping text typed into the server's page before then when the hand-over
 * (shell/src/before-hydration.ts) came a frame late.
 */
export function useHostPlaceholder(ref: RefObject<HTMLInputElement | null>, on = true): void {
  useEffect(() => {
    if (on && ref.current) ref.current.placeholder = window.location.host;
  }, [ref, on]);
}

export type TextFieldProps = FieldShell &
  InputHTMLAttributes<HTMLInputElement> & {
    /** The visitor's host as placeholder (useHostPlaceholder). */
    hostPlaceholder?: boolean;
  };

export function TextField({ label, error, hint, id, onBlur, hostPlaceholder = false, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  const kept = useFocusKept(input.disabled, onBlur);
  useHostPlaceholder(kept.ref, hostPlaceholder);
  return (
    <Wrap>
      <label htmlFor={ids.fieldId}>{label}</label>
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      <input
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error, hint, ids)}
        {...input}
        {...kept}
      />
      {error ? <ErrorText id={ids.errorId} role="alert">{error}</ErrorText> : null}
    </Wrap>
  );
}

export type TextAreaProps = FieldShell & TextareaHTMLAttributes<HTMLTextAreaElement>;

export function TextArea({ label, error, hint, id, onBlur, ...input }: TextAreaProps) {
  const ids = useFieldIds(id);
  const kept = useFocusKept(input.disabled, onBlur);
  return (
    <Wrap>
      <label htmlFor={ids.fieldId}>{label}</label>
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      <textarea id={ids.fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(error, hint, ids)} {...input} {...kept} />
      {error ? <ErrorText id={ids.errorId} role="alert">{error}</ErrorText> : null}
    </Wrap>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}
export type SelectProps = FieldShell & SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[] };

export function Select({ label, error, hint, id, options, onBlur, ...select }: SelectProps) {
  const ids = useFieldIds(id);
  const kept = useFocusKept(select.disabled, onBlur);
  return (
    <Wrap>
      <label htmlFor={ids.fieldId}>{label}</label>
      {hint ? <Hint id={ids.hintId}>{hint}</Hint> : null}
      <select id={ids.fieldId} aria-invalid={error ? true : undefined} aria-describedby={describedBy(error, hint, ids)} {...select} {...kept}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? <ErrorText id={ids.errorId} role="alert">{error}</ErrorText> : null}
    </Wrap>
  );
}

// Small pieces shared by the sections of one domain's page.
import styled from '@emotion/styled';
import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { errorData } from 'shared/api-client';
import { theme } from 'shared/ui';

export const Section = styled.section`
  background: ${theme.color.surface}; border: 1px solid ${theme.color.border}; border-radius: ${theme.radius};
  box-shadow: ${theme.shadow}; padding: 1rem; margin-bottom: 1.5rem; min-width: 0;
  ${theme.breakpoint.sm} { padding: 1.25rem 1.5rem; }
  h2 { margin: 0 0 .75rem; font-size: 1.2rem; }
  > p { margin: 0 0 1rem; color: ${theme.color.muted}; }
`;

export const ErrorText = styled.p`
  margin: .25rem 0 0; color: ${theme.color.error}; font-size: .9rem;
`;

const SwitchRow = styled.div`
  display: grid; grid-template-columns: auto 1fr; gap: .25rem .75rem; align-items: center; margin-bottom: 1rem;
  input { width: 22px; height: 22px; margin: 0; accent-color: ${theme.color.primary}; cursor: pointer; }
  input:disabled { cursor: not-allowed; }
  input[aria-busy='true'] { cursor: progress; }
  input:focus-visible { outline: 3px solid ${theme.color.primary}; outline-offset: 2px; }
  label { font-weight: 600; cursor: pointer; display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
  .hint { grid-column: 2; margin: 0; color: ${theme.color.muted}; font-size: .9rem; }
  .state { font-weight: 400; color: ${theme.color.muted}; }
`;

/** A labelled on/off switch (a checkbox with the switch role), its explanation and its error. */
export function Switch({
  label,
  hint,
  error,
  extra,
  busy = false,
  onChange,
  ...input
}: {
  label: string;
  hint?: ReactNode;
  error?: string | null;
  extra?: ReactNode;
  /**
   * Saving: the switch ignores presses but stays focusable (a disabled control drops the keyboard focus to the page,
   * and a screen reader user loses their place).
   */
  busy?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const id = useId();
  return (
    <SwitchRow>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={hint ? `${id}-hint` : undefined}
        aria-disabled={busy || undefined}
        aria-busy={busy || undefined}
        onChange={(e) => {
          if (!busy) onChange?.(e);
        }}
        {...input}
      />
      <label htmlFor={id}>
        {label}
        <span className="state">{input.checked ? 'On' : 'Off'}</span>
        {extra}
      </label>
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <ErrorText role="alert" style={{ gridColumn: 2 }}>
          {error}
        </ErrorText>
      ) : null}
    </SwitchRow>
  );
}

/** The first message per field of a DRF 400 (`{"field": ["msg"]}`), and `detail` as 'non_field_errors'. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  const data = errorData(error);
  const out: Record<string, string> = {};
  if (!data) return out;
  for (const [key, value] of Object.entries(data)) {
    const msg = Array.isArray(value) ? value[0] : value;
    if (typeof msg === 'string') out[key === 'detail' ? 'non_field_errors' : key] = msg;
  }
  return out;
}

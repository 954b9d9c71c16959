import { useCallback, useState, type ChangeEvent, type FocusEvent, type FormEvent } from 'react';
import type * as v from 'valibot';
import { validate, type FieldErrors } from '../schemas/errors';

/**
 * Form state checked by a shared valibot schema: messages appear under a field on blur and on submit
 * (spec section 5), and the submit handler gets the parsed values.
 */
export function useSchemaForm<S extends v.GenericSchema, K extends string>(
  schema: S,
  initial: Record<K, string>,
  onValid: (values: v.InferOutput<S>) => Promise<void> | void,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitting, setSubmitting] = useState(false);

  const check = useCallback((next: Record<K, string>) => {
    const result = validate(schema, next);
    return result.ok ? {} : result.errors;
  }, [schema]);

  const field = (name: K) => ({
    name,
    value: values[name],
    disabled: submitting,
    error: touched[name] ? errors[name] : undefined,
    onChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (touched[name]) setErrors(check(next));
    },
    onBlur(_event: FocusEvent) {
      setTouched((t) => ({ ...t, [name]: true }));
      setErrors(check(values));
    },
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The submitted form, read before any await (React clears currentTarget once the handler returns): a field's name
    // is unique within its form only, and a page can hold two forms with one field name (a passkey's rename form and
    // the form adding a passkey both have `name`).
    const form = event.currentTarget instanceof HTMLFormElement ? event.currentTarget : null;
    if (submitting) return;
    const all = Object.fromEntries(Object.keys(values).map((k) => [k, true])) as Record<K, boolean>;
    setTouched(all);
    const result = validate(schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = Object.keys(values).find((k) => result.errors[k]);
      if (first) (form ?? document).querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.value);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, setValues, errors, field, onSubmit, submitting };
}

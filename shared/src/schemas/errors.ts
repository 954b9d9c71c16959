import * as v from 'valibot';

export type FieldErrors = Record<string, string>;

/** First message per field, keyed by the top-level field name ('non_field_errors' for whole-object issues). */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    const name = typeof key === 'string' ? key : 'non_field_errors';
    if (!(name in out)) out[name] = issue.message;
  }
  return out;
}

/** Validates `input`; returns the parsed value or the first message per field. */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: FieldErrors } {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, value: result.output } : { ok: false, errors: fieldErrors(result.issues) };
}

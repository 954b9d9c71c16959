import { errorText, fieldError } from 'shared/api-client';

/** Field messages from a DRF 400 answer, for the fields of a form (null when it names none of them). */
export function serverErrors<F extends string>(error: unknown, fields: readonly F[]): Partial<Record<F, string>> | null {
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const message = fieldError(error, f);
    if (message) out[f] = message;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** A failed call's text for a notice: non_field_errors, detail, message or error, else the fallback. */
export function problemText(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  return fieldError(error, 'non_field_errors') ?? errorText(error, fallback);
}

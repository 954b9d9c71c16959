import { errorData, errorText } from 'shared/api-client';

/**
 * The server's own words for a failed call: `error`, `message` or `detail` (errorText), else the first DRF field
 * message (`{"domain_name": ["x.com is not available."]}`), else the fallback.
 */
export function serverErrorText(error: unknown, fallback: string): string {
  const text = errorText(error, '');
  if (text) return text;
  const data = errorData(error);
  for (const value of Object.values(data ?? {})) {
    const first = Array.isArray(value) ? value[0] : value;
    if (typeof first === 'string' && first) return first;
  }
  return fallback;
}

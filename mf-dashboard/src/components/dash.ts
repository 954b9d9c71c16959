import { formatDate } from 'shared/format';

/** Table cells show a dash for an empty value (spec: 'Empty values show dashes'). */
export function dash(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value).trim();
  return text === '' ? '-' : text;
}

/** '3rd Mar, 2024', or a dash when the date is missing or unreadable. */
export const dashDate = (value: string | null | undefined): string => dash(formatDate(value));

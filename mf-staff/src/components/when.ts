import { formatDate } from 'shared/format';

/**
 * A moment as the console shows it: the storefront's date ('3rd Mar, 2024') and the 24-hour time in the reader's zone
 * ('14:05'); the browser's own locale format (US order, AM/PM) disagreed with every other date on the screen.
 */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '—';
  const time = `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
  return `${formatDate(date)}, ${time}`;
}

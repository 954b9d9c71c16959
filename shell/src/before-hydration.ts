// What a visitor did on a server-rendered page before it hydrated: React's handlers are not there yet.
// - Typed text: the server's fields are plain HTML until then; the text stays on screen but React has not seen it, so
//   a controlled field's state is still the server's ('' for a search box) and its next render or a submit would lose
//   it. Noted before hydration, handed to React after it as if typed then (its change handlers run).
// - Clicks on buttons and form submissions: queued by the capture script in the page's <head> (ssr/serialise.ts),
//   replayed after hydration ('Add to cart' clicked as soon as the page showed adds to the cart).
import { EARLY_ACTIONS } from './ssr/serialise';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let typed: [Field, string][] = [];

const NOT_TEXT = new Set(['checkbox', 'radio', 'hidden', 'file', 'submit', 'button', 'reset', 'image']);

function serverValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    return (
      (Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0])?.value ?? ''
    );
  }
  return field.defaultValue;
}

/** Before hydration: the fields of `container` whose value is no longer the one the server wrote. */
export function noteTypedFields(container: HTMLElement): void {
  typed = Array.from(container.querySelectorAll<Field>('input, textarea, select'))
    .filter((field) => !(field instanceof HTMLInputElement && NOT_TEXT.has(field.type)))
    .filter((field) => field.value !== serverValue(field))
    .map((field) => [field, field.value]);
}

type Queue = [type: string, target: Element, submitter: HTMLElement | null][] & { done?: boolean };

/** After hydration: what was typed, then what was clicked and submitted, in order; later ones go to React directly. */
export function replayBeforeHydration(): void {
  replayTypedFields();
  const queue = (window as unknown as Record<string, Queue | undefined>)[EARLY_ACTIONS];
  if (!queue) return;
  queue.done = true;
  for (const [type, target, submitter] of queue.splice(0)) {
    if (!target.isConnected) continue;
    if (type === 'submit' && target instanceof HTMLFormElement)
      target.requestSubmit(submitter?.isConnected ? submitter : undefined);
    else if (type === 'click' && target instanceof HTMLElement) target.click();
  }
}

/** After hydration: each noted value goes to React as typed input. */
export function replayTypedFields(): void {
  for (const [field, value] of typed.splice(0)) {
    if (!field.isConnected) continue;
    // React keeps the value it last saw on the element's own `value` property: it is told something else first, then
    // the prototype's setter puts the typed text back without telling it, so the event reads as a change.
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
    );
  }
}

// What a visitor typed into a server-rendered page before it hydrated. The server's fields are plain HTML until then:
// the text stays on screen but React has not seen it, so a controlled field's state is still the server's ('' for a
// search box) and its next render or a submit would lose what was typed. Noted before hydration, handed to React after
// it as if typed then (its change handlers run).
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let typed: [Field, string][] = [];

const NOT_TEXT = new Set(['checkbox', 'radio', 'hidden', 'file', 'submit', 'button', 'reset', 'image']);

function serverValue(field: Field): string {
  if (field instanceof HTMLSelectElement) {
    return (Array.from(field.options).find((option) => option.defaultSelected) ?? field.options[0])?.value ?? '';
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

/** After hydration: each noted value goes to React as typed input. */
export function replayTypedFields(): void {
  for (const [field, value] of typed.splice(0)) {
    if (!field.isConnected) continue;
    // React keeps the value it last saw on the element's own `value` property: it is told something else first, then
    // the prototype's setter puts the typed text back without telling it, so the event reads as a change.
    field.value = value === '' ? ' ' : '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
  }
}

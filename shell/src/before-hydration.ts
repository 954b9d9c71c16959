// What a visitor did on a server-rendered page before it hydrated: React's handlers are not there yet.
// - Typed text: the server's fields are plain HTML until then; the text stays on screen but React has not seen it, so
//   a controlled field's state is still the server's ('' for a search box) and its next render or a submit would lose
//   it. Noted before hydration, handed to React after it as if typed then (its change handlers run).
// - Clicks on buttons and form submissions: queued by the capture script in the page's <head> (ssr/serialise.ts) while
//   their element is not hydrated, replayed once it is ('Add to cart' clicked as soon as the page showed adds to the
//   cart; a click React cannot take yet, on a part still waiting for its code, would be dropped).
import { EARLY_ACTIONS, handledByReact } from './ssr/serialise';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field, the value typed into it, and the value the server wrote (React later writes its own into the markup). */
type Typed = [field: Field, value: string, server: string];
let typed: Typed[] = [];

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
    .map((field) => [field, field.value, serverValue(field)]);
}

type Action = [type: 'click' | 'submit', target: Element, submitter: HTMLElement | null];
type Queue = Action[] & { pump?: () => void; typed?: Map<Field, string>; busy?: boolean };

/** Frames to wait for a part of the page to hydrate (its remote's code may still be on its way): about 10 s. */
const MAX_FRAMES = 600;

/**
 * Once the root has hydrated: what was typed, then what was clicked and submitted, in order, each as soon as React
 * has hydrated its element (a part of the page may hydrate later than the root); the capture script keeps queueing
 * actions on parts not hydrated yet, and they follow.
 */
export function replayBeforeHydration(): void {
  const queue = (window as unknown as Record<string, Queue | undefined>)[EARLY_ACTIONS];
  // Noted at hydration, and typed (input events) while the field was not hydrated, also later: the last value wins.
  const fields: Typed[] = typed.splice(0);
  const takeTyped = () => {
    for (const [field, value] of queue?.typed ?? []) {
      const known = fields.find(([f]) => f === field);
      if (known) known[1] = value;
      else fields.push([field, value, serverValue(field)]);
    }
    queue?.typed?.clear();
  };
  let frames = 0;
  let scheduled = false;
  // React applies what typed text changed in a microtask after the input event: a click replayed in the same task
  // would still see the old state (a search for ''), so actions after typed text wait for the next task.
  let typedJustNow = false;
  const later = (wait: (next: () => void) => unknown) => {
    // While something waits, the capture script queues every click and submission behind it (ssr/serialise.ts).
    if (queue) queue.busy = true;
    scheduled = true;
    wait(pump);
  };
  const pump = () => {
    scheduled = false;
    for (;;) {
      takeTyped();
      const typing = fields.length > 0;
      const next: [Element, () => void] | undefined = typing
        ? [fields[0]![0], () => replayTyped(...fields.shift()!)]
        : queue?.length
          ? [queue[0]![1], () => replayAction(...queue.shift()!)]
          : undefined;
      if (!next) {
        if (queue) queue.busy = false;
        return;
      }
      const [target, replay] = next;
      if (target.isConnected && !handledByReact(target) && ++frames < MAX_FRAMES) return later(requestAnimationFrame);
      if (!typing && typedJustNow) {
        typedJustNow = false;
        return later((next) => setTimeout(next, 0));
      }
      typedJustNow = typing;
      // The replayed click or submission itself goes through.
      if (queue) queue.busy = false;
      replay();
    }
  };
  if (queue) queue.pump = () => scheduled || pump();
  pump();
}

function replayAction(type: Action[0], target: Element, submitter: HTMLElement | null): void {
  if (!target.isConnected) return;
  if (type === 'submit' && target instanceof HTMLFormElement)
    target.requestSubmit(submitter?.isConnected ? submitter : undefined);
  else if (type === 'click' && target instanceof HTMLElement) target.click();
}

/** A noted value goes to React as typed input. */
function replayTyped(field: Field, value: string, server: string): void {
  if (!field.isConnected) return;
  // Typed on since (the field hydrated before this turn came, and React took those keys): what the field holds is
  // newer than the noted value, which would take a letter or more back out of it ('exaple.org').
  if (field.value !== value && field.value !== server) return;
  // React keeps the value it last saw on the element's own `value` property: it is told something else first, then
  // the prototype's setter puts the typed text back without telling it, so the event reads as a change.
  field.value = value === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

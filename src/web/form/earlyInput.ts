// What a guest types, picks or ticks in the server's HTML before the page is hydrated. React keeps
// the controls' values when it hydrates them, but the form's state (and each widget's own, such as
// a phone's number or a date's parts) still holds the server's: the next render of such a widget
// would put the server's value back, and the answers sent would miss what was typed. So once the
// form is hydrated, before anything renders again, every control whose value differs from the
// server's is handed to React as the input event it would have had.
import { useLayoutEffect, useState, type RefObject } from 'react';
import { isHydrating } from './useHydrated.ts';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Inputs a guest cannot change by typing or whose value the page cannot set back (a file). */
const UNTYPED = new Set(['hidden', 'file', 'submit', 'button', 'reset', 'image']);

/** The value the server's HTML showed in a select: its selected option, else the first (as the browser shows it). */
function serverChoice(select: HTMLSelectElement): string | undefined {
  const options = [...select.options];
  return (options.find((option) => option.defaultSelected) ?? options.find((option) => !option.disabled))?.value;
}

/**
 * Sets `value` on a text-like control as a keystroke would: React notices a change only when the
 * value differs from the one it last saw, which (once hydrated) is already the typed one. Setting the
 * server's value through the element's own setter tells React that one, then the browser's setter
 * puts the typed value back unseen, and the input event carries it to the widget.
 */
function replayTyped(control: HTMLInputElement | HTMLTextAreaElement, typed: string) {
  const focused = document.activeElement === control;
  let selection: [number | null, number | null] = [null, null];
  try {
    selection = [control.selectionStart, control.selectionEnd];
  } catch {
    // A control without a caret (type=number in some browsers).
  }
  const browserSetter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set;
  if (!browserSetter) return;
  control.value = typed === control.defaultValue ? '' : control.defaultValue;
  browserSetter.call(control, typed);
  control.dispatchEvent(new Event('input', { bubbles: true }));
  if (focused && selection[0] !== null) {
    try {
      control.setSelectionRange(selection[0], selection[1]);
    } catch {
      // The caret stays where the browser put it.
    }
  }
}

/** A control the guest changed before hydration: its id and what it held then. */
interface Early {
  id: string;
  kind: 'choice' | 'box' | 'typed';
  value: string;
  checked: boolean;
}

/** What the guest changed in `container`'s controls (by id: the form renders again between replays and may replace an element). */
function changedControls(container: HTMLElement): Early[] {
  const changed: Early[] = [];
  for (const control of container.querySelectorAll<Control>('input[id], select[id], textarea[id]')) {
    if (control.disabled) continue;
    const early = { id: control.id, value: control.value, checked: false };
    if (control instanceof HTMLSelectElement) {
      if (!control.multiple && control.value !== serverChoice(control)) changed.push({ ...early, kind: 'choice' });
    } else if (control instanceof HTMLTextAreaElement) {
      if (control.value !== control.defaultValue) changed.push({ ...early, kind: 'typed' });
    } else if (control.type === 'checkbox' || control.type === 'radio') {
      // A radio the guest left by picking another is that other's change.
      if (control.checked !== control.defaultChecked && (control.type === 'checkbox' || control.checked))
        changed.push({ ...early, kind: 'box', checked: control.checked });
    } else if (!UNTYPED.has(control.type) && control.value !== control.defaultValue) changed.push({ ...early, kind: 'typed' });
  }
  // Picks first: the render their change starts can replace a plain select (a phone's dial code becomes its searchable picker).
  return [...changed.filter((early) => early.kind === 'choice'), ...changed.filter((early) => early.kind !== 'choice')];
}

/**
 * Hands every control of `container` the guest changed before hydration to React (see above), one
 * after another: each change is rendered before the next (a date's parts build on each other), and a
 * control the render put back to the server's value gets the guest's again.
 */
function adoptEarlyInput(container: HTMLElement, changed: Early[]): void {
  for (const early of changed) {
    const control = container.ownerDocument.getElementById(early.id);
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) || control.disabled) continue;
    if (early.kind === 'choice' && control instanceof HTMLSelectElement) {
      control.value = early.value;
      control.dispatchEvent(new Event('change', { bubbles: true }));
    } else if (early.kind === 'box' && control instanceof HTMLInputElement) {
      // Clicked into the guest's state from the other one, as the guest's own click did.
      control.checked = !early.checked;
      control.click();
    } else if (early.kind === 'typed' && !(control instanceof HTMLSelectElement)) {
      replayTyped(control, early.value);
    }
  }
}

/** Runs adoptEarlyInput on `container` once, when it was hydrated from the server's HTML (not when the browser rendered it). */
export function useEarlyInput(container: RefObject<HTMLElement | null>): void {
  const [fromServer] = useState(isHydrating);
  // Read in the hydration's commit, before any render that follows it puts a server's value back (a
  // widget's own layout effect may start one: a phone's dial code). Handed over right after the commit,
  // outside it: React renders an event's changes at its end only outside a commit, and each change
  // must see the one before (a date's three parts).
  useLayoutEffect(() => {
    const element = container.current;
    if (!fromServer || !element) return;
    const changed = changedControls(element);
    if (changed.length > 0) queueMicrotask(() => adoptEarlyInput(element, changed));
  }, [fromServer, container]);
}

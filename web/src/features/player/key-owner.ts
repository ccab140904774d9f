/**
 * Whether a key pressed on `target` is the focused control's rather than the player's.
 *
 * Typing in a field, a widget that moves with the arrows (sliders, lists, menus, a drag handle
 * with `role="button"`), or anything else focusable that listens for keys keeps every key. A
 * plain `<button>` or link keeps the space bar and Enter only: it does nothing with the arrows,
 * so a person who just clicked Play may still seek with them.
 */
export function isOwnedByTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) {
    return true;
  }
  if (isPlainButton(target)) return key === ' ' || key === 'Enter';
  return isFocusableControl(target);
}

const PLAIN_BUTTONS = ['BUTTON', 'A', 'SUMMARY'];
const FIELDS = ['INPUT', 'TEXTAREA', 'SELECT'];

/** A native button or link that no script has given a role of its own (dnd-kit does). */
function isPlainButton(element: HTMLElement): boolean {
  return PLAIN_BUTTONS.includes(element.tagName) && !element.hasAttribute('role');
}

/** Anything interactive the focus may rest on; the page's body and plain text are not. */
function isFocusableControl(element: HTMLElement): boolean {
  if (element === document.body || element === document.documentElement) return false;
  if (FIELDS.includes(element.tagName) || PLAIN_BUTTONS.includes(element.tagName)) return true;
  if (element.hasAttribute('role') && element.getAttribute('role') !== 'presentation') {
    return element.tabIndex >= 0;
  }
  return element.hasAttribute('tabindex') && element.tabIndex >= 0;
}

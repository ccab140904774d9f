/**
 * What the page the server sent carries in a JSON element (a room page's first reads, its
 * playing track's manifest, its clock: domain/first-reads.ts), taken once: the element goes, so
 * that a later reading asks anew. Undefined when the page has no such element, or it came cut
 * short.
 */
export function takePageJson(id: string): unknown {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? '') as unknown;
  } catch {
    return undefined;
  }
}

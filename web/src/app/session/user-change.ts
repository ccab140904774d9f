const listeners = new Set<() => void>();

/** Calls back when the signed-in person changes: data read as the previous one is stale. */
export function onSignedInPersonChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function signedInPersonChanged(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * A message to show the user: a translation key (with its values), or a text to show as it is
 * (a server message that is not a key).
 */
export type MessageRef =
  { key: string; values?: Record<string, string | number> } | { text: string };

export const messageKey = (key: string, values?: Record<string, string | number>): MessageRef =>
  values ? { key, values } : { key };

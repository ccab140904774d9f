/** A locale file as the tests read it. */
export type Messages = { [key: string]: string | Messages };

function find(messages: Messages, key: string): string | undefined {
  const node = key
    .split('.')
    .reduce<string | Messages | undefined>(
      (at, part) => (typeof at === 'object' ? at[part] : undefined),
      messages,
    );
  return typeof node === 'string' ? node : undefined;
}

/** A key's text; a plural key (validation.minLength_one / _other) counts as the key itself. */
export const lookup = (messages: Messages, key: string) =>
  find(messages, key) ?? find(messages, `${key}_other`);

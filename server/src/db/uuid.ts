/**
 * Whether text is a UUID. Ids reach the queries from URLs and arguments; PostgreSQL refuses to
 * compare a uuid column with anything else, so a lookup by a malformed id answers "none" first.
 */
export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

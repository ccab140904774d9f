/** How deep an error's `cause` chain is searched (drizzle wraps the driver's error once). */
const MAX_CAUSES = 5;

/**
 * The constraint a PostgreSQL unique_violation (23505) names, found on the error or one of its
 * causes; null for any other error. Both drivers give the index name as `constraint`; the
 * message is the fallback, which names it too.
 */
export function uniqueViolation(error: unknown): string | null {
  let current = error;
  for (let depth = 0; depth < MAX_CAUSES && current && typeof current === 'object'; depth++) {
    const { code, constraint, message, cause } = current as Record<string, unknown>;
    if (code === '23505') {
      if (typeof constraint === 'string') return constraint;
      return typeof message === 'string' ? message : '';
    }
    current = cause;
  }
  return null;
}

/** Whether a database error is a unique index refusing a value. */
export function isUniqueViolation(error: unknown): boolean {
  return uniqueViolation(error) !== null;
}

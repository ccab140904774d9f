import { canonicalJson, type FunctionErrorData } from '@music-rooms/domain';

/** A live query pushes a new answer only when its fingerprint differs from the last one sent. */
export const fingerprint = canonicalJson;

/** Distinguishes a value from an error that happens to look the same. */
export function outcomeFingerprint(
  outcome: { value: unknown } | { errorMessage: string; errorData: FunctionErrorData },
): string {
  return 'value' in outcome
    ? `value:${fingerprint(outcome.value)}`
    : `error:${fingerprint(outcome)}`;
}

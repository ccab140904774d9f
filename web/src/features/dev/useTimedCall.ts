import { useCallback, useState } from 'react';
import { useErrorText } from '../../app/forms/useErrorText';

export type TimedResult<T> = { value: T; ms: number };

/**
 * One call of a developer tool at a time, with how long it took (the tools show timings) and
 * its failure as translated text. A newer call's result replaces an older one's.
 */
export function useTimedCall<Args extends unknown[], T>(run: (...args: Args) => Promise<T>) {
  const errorText = useErrorText();
  const [result, setResult] = useState<TimedResult<T> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const start = useCallback(
    async (...args: Args): Promise<T | null> => {
      setBusy(true);
      setError(null);
      const started = performance.now();
      try {
        const value = await run(...args);
        setResult({ value, ms: Math.round(performance.now() - started) });
        return value;
      } catch (failure) {
        setError(errorText(failure, 'errors.internal'));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [run, errorText],
  );
  return { result, error, busy, start, clear: () => setResult(null) };
}

import { useCallback } from 'react';
import { serverMessage } from './server-message';
import { useMessage } from './useMessage';

/**
 * The text of a failed call for a notice or an inline message (spec §8): the server's message
 * translated when it is a key we know, shown as it came otherwise, else the fallback key's text.
 */
export function useErrorText(): (error: unknown, fallbackKey: string) => string {
  const { text, isKnownKey } = useMessage();
  return useCallback(
    (error: unknown, fallbackKey: string) => text(serverMessage(error, fallbackKey, isKnownKey)),
    [text, isKnownKey],
  );
}

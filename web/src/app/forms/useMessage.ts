import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageRef } from './message-ref';

/** Turns message references into text in the current language. */
export function useMessage(): {
  text: (ref: MessageRef) => string;
  isKnownKey: (key: string) => boolean;
} {
  const { t, i18n } = useTranslation();
  const isKnownKey = useCallback((key: string) => i18n.exists(key), [i18n]);
  const text = useCallback(
    (ref: MessageRef) =>
      // Keys come from the forms' rules and the server; isKnownKey filtered unknown ones.
      'text' in ref ? ref.text : String(t(ref.key as never, ref.values as never)),
    [t],
  );
  return { text, isKnownKey };
}

import { useCallback, useMemo, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { fieldOf, serverMessage } from './server-message';
import type { MessageRef } from './message-ref';
import { useMessage } from './useMessage';
import { fieldErrors } from './validation-message';

type Values = Record<string, string>;

export type FormField = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
};

type SubmitOptions = {
  /** The message for a failure the server did not explain (spec §8 fallback keys). */
  fallbackKey: string;
};

/**
 * A form checked by one of the shared rule sets (domain/schemas). Messages show after the first
 * submit, or once a filled-in field is left; then they follow every keystroke. A failed submit
 * puts the focus on the first field in error; a server message lands next to its field when it
 * names one (e-mail taken, username taken) or above the buttons otherwise.
 */
export function useZodForm<V extends Values, Out>(schema: z.ZodType<Out>, initial: V) {
  const { text, isKnownKey } = useMessage();
  const [values, setValues] = useState<V>(initial);
  const [shown, setShown] = useState<ReadonlySet<string> | 'all'>(() => new Set());
  const [failure, setFailure] = useState<{ field?: string; message: MessageRef } | null>(null);
  const [busy, setBusy] = useState(false);

  const checked = useMemo(() => schema.safeParse(values), [schema, values]);
  const ruleErrors = useMemo(
    () => (checked.success ? {} : fieldErrors(checked.error.issues)),
    [checked],
  );

  const errorOf = (name: string): string | undefined => {
    const visible = shown === 'all' || shown.has(name);
    const ref =
      (visible ? ruleErrors[name] : undefined) ??
      (failure?.field === name ? failure.message : undefined);
    return ref ? text(ref) : undefined;
  };

  const setValue = useCallback((name: keyof V & string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setFailure(null);
  }, []);

  const field = (name: keyof V & string): FormField => ({
    name,
    value: values[name] ?? '',
    error: errorOf(name),
    onChange: (value) => setValue(name, value),
    onBlur: () => {
      if ((values[name] ?? '') === '' || shown === 'all') return;
      setShown((previous) => (previous === 'all' ? previous : new Set(previous).add(name)));
    },
  });

  const handleSubmit =
    (onValid: (data: Out) => Promise<void>, { fallbackKey }: SubmitOptions) =>
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      setShown('all');
      const form = event.currentTarget;
      if (!checked.success) return focusField(form, Object.keys(ruleErrors).find(Boolean));
      setBusy(true);
      setFailure(null);
      try {
        await onValid(checked.data);
      } catch (error) {
        const message = serverMessage(error, fallbackKey, isKnownKey);
        // The server names the field its refusal concerns; this form may not have it.
        const target = fieldOf(error);
        const field = target !== undefined && target in values ? target : undefined;
        setFailure({ field, message });
        focusField(form, field);
      } finally {
        setBusy(false);
      }
    };

  // A failure that names no field, or a rule about the whole form (nothing changed), shows
  // above the buttons.
  const formMessage =
    (failure && !failure.field ? failure.message : undefined) ??
    (shown === 'all' ? ruleErrors[''] : undefined);

  return {
    values,
    field,
    handleSubmit,
    busy,
    formError: formMessage ? text(formMessage) : null,
  };
}

/** The field in error takes the focus (its message is linked to it, so it is read out). */
function focusField(form: HTMLFormElement, name: string | undefined) {
  const field = name ? form.elements.namedItem(name) : null;
  if (field instanceof HTMLElement) field.focus();
}

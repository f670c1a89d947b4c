import { useEffect, useRef } from 'react';
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';

/**
 * A react-hook-form resolver from a domain schema that the server also applies (SPEC §5): the first
 * message of each wrong field. `toInput` turns the form's values into the schema's input.
 */
export function schemaResolver<T extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: T) => unknown = (values) => values,
): Resolver<T> {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: FieldErrors<T> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof T;
      errors[field] ??= { type: 'validation', message: issue.message } as FieldErrors<T>[keyof T];
    }
    return { values: {}, errors };
  };
}

/**
 * After a server refusal the wizard returns to the form's step: `focusOnReturn(field)` before
 * `setStep(step)` puts the keyboard on that field once the step shows again.
 */
export function useFocusOnReturn<F extends string>(onStep: boolean, setFocus: (field: F) => void) {
  const pending = useRef<F | null>(null);
  useEffect(() => {
    const field = pending.current;
    if (field && onStep) {
      pending.current = null;
      setFocus(field);
    }
  }, [onStep, setFocus]);
  return (field: F) => {
    pending.current = field;
  };
}

export interface Refusal<F> {
  /** The first message about the people chosen on the wizard's first step. */
  personMessage?: string;
  /** The first of the form's fields that the server refused, its message now on the field. */
  firstWrong?: F;
  /** The first message that belongs to no field of the form, for an alert. */
  unplaced?: string;
}

/**
 * Reads a save's failure (SPEC §8): the messages about `personKey` apart, the others put on the form's
 * `fields`. Null when it is not the server's answer (the query client toasts those).
 */
export function readRefusal<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  personKey: string,
): Refusal<Path<T>> | null {
  if (!isHttpError(error)) return null;
  const { [personKey]: personMessages, ...fieldErrors } = error.errors;
  const unplaced = applyServerErrors(setError, fieldErrors, fields);
  return {
    personMessage: personMessages?.[0],
    firstWrong: fields.find((field) => fieldErrors[field]?.length),
    unplaced: unplaced[0],
  };
}

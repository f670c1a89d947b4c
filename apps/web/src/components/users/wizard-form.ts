import { useEffect, useRef } from 'react';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
} from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';
import { usernameTakenMessage, useUsernameCheck } from '../username-check/use-username-check';

/**
 * A react-hook-form resolver from a domain schema that the server also applies: the first
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
 * Reads a save's failure: the messages about `personKey` apart, the others put on the form's
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

/**
 * The username's uniqueness on a wizard step's form: checked 800 ms after the last
 * keystroke, "Ce nom d'utilisateur existe déjà" on the field while it is taken, and `validateStep` for the step's
 * "Suivant": the form's rules first (the first wrong field gets the focus), then the check without waiting.
 */
export function useUsernameStep<T extends FieldValues & { username: string }>(
  form: UseFormReturn<T>,
  username: string,
) {
  const { setError, clearErrors, handleSubmit } = form;
  const usernameCheck = useUsernameCheck(username);
  const field = 'username' as Path<T>;
  const usernameErrorType = (form.formState.errors as FieldErrors<{ username: string }>).username?.type;
  useEffect(() => {
    if (usernameCheck.taken) setError(field, { type: 'unique', message: usernameTakenMessage() });
    else if (usernameCheck.taken === false && usernameErrorType === 'unique') clearErrors(field);
  }, [usernameCheck.taken, usernameErrorType, setError, clearErrors, field]);

  async function validateStep(): Promise<boolean> {
    // Through handleSubmit: the first wrong field gets the focus, and from then on each field is
    // checked again as it changes, so a corrected field loses its message at once.
    const valid = await new Promise<boolean>((resolve) => {
      void handleSubmit(
        () => resolve(true),
        () => resolve(false),
      )();
    });
    if (!valid) return false;
    if (await usernameCheck.checkNow()) {
      setError(field, { type: 'unique', message: usernameTakenMessage() }, { shouldFocus: true });
      return false;
    }
    return true;
  }

  return { checking: usernameCheck.checking, validateStep };
}

/**
 * The form of a creation wizard's step that names a username: react-hook-form with the
 * values watched, the username's uniqueness (`usernameChecking`, `validateStep`) and `focusOnReturn`
 * for a server refusal. `onStep` is true while the wizard shows this form's step.
 */
export function useUsernameStepForm<T extends FieldValues & { username: string }>(
  options: UseFormProps<T>,
  onStep: boolean,
) {
  const form = useForm<T>(options);
  const values = useWatch({ control: form.control });
  const username = (values as { username?: string }).username ?? '';
  const { checking, validateStep } = useUsernameStep(form, username);
  const focusOnReturn = useFocusOnReturn<Path<T>>(onStep, form.setFocus);

  /**
   * A failed save: `readRefusal`, and when the refusal is about the form's fields and
   * not the person, the keyboard will land on the first wrong one once the wizard shows the step again.
   */
  function applyRefusal(error: unknown, fields: readonly Path<T>[], personKey: string) {
    const refusal = readRefusal(error, form.setError, fields, personKey);
    if (refusal && !refusal.personMessage && refusal.firstWrong) focusOnReturn(refusal.firstWrong);
    return refusal;
  }

  return { ...form, values, usernameChecking: checking, validateStep, applyRefusal };
}

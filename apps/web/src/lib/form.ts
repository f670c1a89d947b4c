import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { firstFieldErrors } from './http';

/**
 * Puts a server errors map (`{ field: [messages] }`) onto the form's fields, first message each.
 * Returns the messages whose field the form does not show, for an alert above the form.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  errors: Record<string, string[]>,
  fields: readonly Path<T>[],
): string[] {
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(firstFieldErrors(errors))) {
    const known = fields.find((name) => name === field);
    if (known) setError(known, { type: 'server', message });
    else unplaced.push(message);
  }
  return unplaced;
}

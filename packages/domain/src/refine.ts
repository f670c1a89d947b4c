import type { z } from 'zod';

/**
 * Refinements between fields run whenever the value is an object, since zod skips them once any field failed
 * and every error must show on submit (decision 132). Each reads only its own fields, once each is valid on
 * its own.
 */
export const alongFieldErrors: z.core.$ZodSuperRefineParams = {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
};

/** A field's value when it is a non-empty string (possibly not yet valid in other ways), otherwise undefined. */
export function filledText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

import type { z } from 'zod';

/**
 * zod skips an object's `superRefine` as soon as one of its fields failed with an aborting issue (a
 * missing value, a choice left empty): the rules between fields (18 years of age, a date in the future,
 * an expiry before the issue, two passwords that differ) then appeared only once every other field was
 * right. SPEC §5 wants every error on submit, so these refinements run whenever the value is an object
 * (docs/decisions/132). Each must read only the fields it needs, and only when they are valid on their
 * own (`typeof`, `isIsoDate`…): the other fields may still hold what was typed.
 */
export const alongFieldErrors: z.core.$ZodSuperRefineParams = {
  when: (payload) => typeof payload.value === 'object' && payload.value !== null,
};

/** A field's value when it is a non-empty string (possibly not yet valid in other ways), otherwise undefined. */
export function filledText(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

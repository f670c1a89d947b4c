import { z } from 'zod';
import { accountTypeSchema, CURRENCY, personInputSchema, type AccountType, type PersonData } from '@lajan/domain';
import { personFormFields, type PersonFormValues } from '../../components/persons/PersonForm';

/** The draft and the step are kept in the browser and both cleared at the end. */
export const REGISTER_DRAFT_KEY = 'lajan.register-draft';

export interface RegisterDraft {
  step: number;
  type: AccountType | '';
  currency: string;
  /** The holders already added (valid persons). */
  persons: PersonData[];
  /** The person being typed in the form. */
  personDraft: PersonFormValues;
}

export const emptyRegisterDraft: RegisterDraft = { step: 0, type: '', currency: CURRENCY, persons: [], personDraft: {} };

const draftShape = z.object({
  step: z.number().int().min(0).max(2).catch(0),
  type: accountTypeSchema.or(z.literal('')).catch(''),
  currency: z.string().max(3).catch(CURRENCY),
  persons: z.array(z.unknown()).catch([]),
  personDraft: z.record(z.string(), z.unknown()).catch({}),
});

/** Reads the draft back, keeping only what is still valid (a person added yesterday is re-checked today). */
export function loadRegisterDraft(storage: Storage): RegisterDraft {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(REGISTER_DRAFT_KEY) ?? 'null');
  } catch {
    return emptyRegisterDraft;
  }
  const parsed = draftShape.safeParse(raw);
  if (!parsed.success) return emptyRegisterDraft;
  const persons = parsed.data.persons.flatMap((person) => {
    const valid = personInputSchema.safeParse(person);
    return valid.success ? [valid.data] : [];
  });
  const personDraft: Record<string, string | boolean> = {};
  for (const field of personFormFields) {
    const value = parsed.data.personDraft[field];
    if (typeof value === 'string' || typeof value === 'boolean') personDraft[field] = value;
  }
  // A step past the holders needs at least one holder.
  let step = parsed.data.step === 2 && persons.length === 0 ? 1 : parsed.data.step;
  if (!parsed.data.type) step = 0;
  return { ...parsed.data, step, persons, personDraft };
}

export function saveRegisterDraft(storage: Storage, draft: RegisterDraft) {
  try {
    storage.setItem(REGISTER_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // A full or disabled storage loses the draft, never the wizard.
  }
}

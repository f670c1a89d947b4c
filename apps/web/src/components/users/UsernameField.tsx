import { useEffect, type ComponentProps } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '../TextField';
import { usernameTakenMessage, useUsernameCheck } from '../username-check/use-username-check';

type UsernameFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'hint'> & {
  /** True while the uniqueness check runs: the hint says so. */
  checking: boolean;
  /** Said before the rules in the hint, e.g. whose account it is. */
  hintLead?: string;
};

const usernameRules = '8 caractères minimum : lettres, chiffres, « . », « - » et « _ ».';

/** The "Nom d'utilisateur" field of a creation wizard, with its rules or "checking" as the hint. */
export function UsernameField({ checking, hintLead, ...input }: UsernameFieldProps) {
  return (
    <TextField
      label="Nom d'utilisateur"
      required
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      hint={
        checking
          ? 'Vérification de la disponibilité...'
          : hintLead
            ? `${hintLead} ${usernameRules}`
            : usernameRules
      }
      {...input}
    />
  );
}

/**
 * The username's uniqueness on a wizard step's form (SPEC §5, §9): checked 800 ms after the last
 * keystroke, "username existe déjà" on the field while it is taken, and `validateStep` for the step's
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
    if (usernameCheck.taken) setError(field, { type: 'unique', message: usernameTakenMessage });
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
      setError(field, { type: 'unique', message: usernameTakenMessage }, { shouldFocus: true });
      return false;
    }
    return true;
  }

  return { checking: usernameCheck.checking, validateStep };
}

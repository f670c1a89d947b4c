import type { ComponentProps } from 'react';
import { TextField } from '../TextField';
import { t } from '@lingui/core/macro';

type UsernameFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'hint'> & {
  /** True while the uniqueness check runs: the hint says so. */
  checking: boolean;
  /** Said before the rules in the hint, e.g. whose account it is. */
  hintLead?: string;
};

/** The "Nom d'utilisateur" field of a creation wizard, with its rules or "checking" as the hint. */
export function UsernameField({ checking, hintLead, ...input }: UsernameFieldProps) {
  const usernameRules = t`8 caractères minimum : lettres, chiffres, «\u00a0.\u00a0», «\u00a0-\u00a0» et «\u00a0_\u00a0».`;
  return (
    <TextField
      label={t`Nom d'utilisateur`}
      required
      autoComplete="off"
      autoCapitalize="none"
      spellCheck={false}
      hint={
        checking
          ? t`Vérification de la disponibilité...`
          : hintLead
            ? `${hintLead} ${usernameRules}`
            : usernameRules
      }
      {...input}
    />
  );
}

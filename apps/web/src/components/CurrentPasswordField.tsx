import type { ComponentProps } from 'react';
import { userMessages } from '@lajan/domain';
import { TextField } from './TextField';
import { t } from '@lingui/core/macro';

/** The current password that confirms a change of one's own e-mail, in the forms that ask it. */
export function CurrentPasswordField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label={t`Mot de passe actuel`}
      type="password"
      autoComplete="current-password"
      required
      hint={userMessages.currentPasswordHint}
      {...props}
    />
  );
}

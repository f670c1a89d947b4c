import type { FieldErrors, FieldValues, Path, UseFormRegister } from 'react-hook-form';
import { TextField } from '../../components/TextField';
import { t } from '@lingui/core/macro';

interface PasswordValues extends FieldValues {
  password: string;
  password_confirmation: string;
}

interface PasswordFieldsProps<T extends PasswordValues> {
  register: UseFormRegister<T>;
  errors: FieldErrors<T>;
  /** SPEC §5's password form shows the current password on the update pages; the reset link replaces it. */
  showCurrentPassword: boolean;
}

function messageOf(errors: FieldErrors, name: string): string | undefined {
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

/** The fields of SPEC §5's password form, shared by the update pages and the reset page. */
export function PasswordFields<T extends PasswordValues>({
  register,
  errors,
  showCurrentPassword,
}: PasswordFieldsProps<T>) {
  return (
    <>
      {showCurrentPassword && (
        <TextField
          label={t`Mot de passe actuel`}
          type="password"
          required
          autoComplete="current-password"
          error={messageOf(errors, 'current_password')}
          {...register('current_password' as Path<T>)}
        />
      )}
      <TextField
        label={t`Nouveau mot de passe`}
        type="password"
        required
        autoComplete="new-password"
        hint={t`8 caractères minimum.`}
        error={messageOf(errors, 'password')}
        {...register('password' as Path<T>)}
      />
      <TextField
        label={t`Confirmer le nouveau mot de passe`}
        type="password"
        required
        autoComplete="new-password"
        error={messageOf(errors, 'password_confirmation')}
        {...register('password_confirmation' as Path<T>)}
      />
    </>
  );
}

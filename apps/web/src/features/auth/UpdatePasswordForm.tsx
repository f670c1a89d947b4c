import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { authMessages, updatePasswordInputSchema, type UpdatePasswordInput } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { useToasts } from '../../components/toasts/toast-context';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';
import { useSessionStore } from '../../lib/session-context';
import { useUpdatePasswordMutation, type UpdatePasswordAnswer } from './api/update-password';
import { PasswordFields } from './PasswordFields';
import { t } from '@lingui/core/macro';

/**
 * The password form. The server ends every other session and answers a fresh token; by default the app signs
 * out, and `onChanged` replaces that for the first password, where the user goes on signed in (decision 133).
 */
export function UpdatePasswordForm({
  onChanged,
}: { onChanged?: (answer: UpdatePasswordAnswer) => void } = {}) {
  const session = useSessionStore();
  const toasts = useToasts();
  const mutation = useUpdatePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(updatePasswordInputSchema),
    defaultValues: { current_password: '', password: '', password_confirmation: '' },
  });

  async function onValid(input: UpdatePasswordInput) {
    try {
      const answer = await mutation.mutateAsync(input);
      toasts.success(answer.message || authMessages.passwordUpdated);
      if (onChanged) onChanged(answer);
      else session.clear('user');
    } catch (error) {
      // The toast (server message or "Échec de la modification du mot de passe") comes from the query client.
      if (isHttpError(error)) {
        const unplaced = applyServerErrors(setError, error.errors, [
          'current_password',
          'password',
          'password_confirmation',
        ]);
        if (unplaced[0]) setError('root', { message: unplaced[0] });
      }
    }
  }

  return (
    <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
      {errors.root?.message && <Alert type="danger">{errors.root.message}</Alert>}
      <PasswordFields register={register} errors={errors} showCurrentPassword />
      <Button
        type="submit"
        className="w-full sm:w-auto"
        loading={mutation.isPending}
        loadingText={t`Enregistrement...`}
      >
        {t`Enregistrer`}
      </Button>
    </form>
  );
}

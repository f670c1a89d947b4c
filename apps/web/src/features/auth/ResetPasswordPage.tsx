import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { authMessages, resetPasswordInputSchema, type ResetPasswordInput } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PublicFrame } from '../../components/PublicFrame';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';
import { useResetPasswordMutation } from './api/reset-password';
import { PasswordFields } from './PasswordFields';
import { t } from '@lingui/core/macro';

/** /reset-password/:token?username=…: the e-mailed link. Success goes to /login. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const username = searchParams.get('username') ?? '';
  const navigate = useNavigate();
  const toasts = useToasts();
  const mutation = useResetPasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { username, token, password: '', password_confirmation: '' },
  });

  async function onValid(input: ResetPasswordInput) {
    try {
      const answer = await mutation.mutateAsync(input);
      toasts.success(answer.message ?? authMessages.resetSuccess);
      await navigate('/login', { replace: true });
    } catch (error) {
      // The toast (server message or "Échec de la réinitialisation") comes from the query client.
      if (isHttpError(error)) {
        const passwordFields = ['password', 'password_confirmation'] as const;
        const unplaced = applyServerErrors(setError, error.errors, passwordFields);
        // A refusal of the password is said under its field only: the alert is the link's (decision 214).
        const placed = passwordFields.some((field) => error.errors[field]?.length);
        const linkProblem =
          unplaced[0] ?? (error.status === 422 && !placed ? error.serverMessage : undefined);
        if (linkProblem) setError('root', { message: linkProblem });
      }
    }
  }

  // The username and token travel in the link; a broken link is said once, above the form.
  const linkError = errors.username?.message ?? errors.token?.message ?? errors.root?.message;

  return (
    <PublicFrame
      title={t`Réinitialiser le mot de passe`}
      intro={
        username
          ? t`Choisissez un nouveau mot de passe pour ${username}.`
          : t`Choisissez un nouveau mot de passe.`
      }
      footer={
        <Link to="/login" className={textLinkClasses}>
          {t`Retour à la connexion`}
        </Link>
      }
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
        {linkError && (
          <Alert type="danger">
            <p>{linkError}</p>
            <p className="mt-1">
              <Link to="/forgot-password" className={textLinkClasses}>
                {t`Demander un nouveau lien`}
              </Link>
            </p>
          </Alert>
        )}
        <PasswordFields register={register} errors={errors} showCurrentPassword={false} />
        <Button
          type="submit"
          className="w-full"
          loading={mutation.isPending}
          loadingText={t`Enregistrement...`}
        >
          {t`Réinitialiser le mot de passe`}
        </Button>
      </form>
    </PublicFrame>
  );
}

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { authMessages, forgotPasswordInputSchema, type ForgotPasswordInput } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PublicFrame } from '../../components/PublicFrame';
import { TextField } from '../../components/TextField';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { applyServerErrors } from '../../lib/form';
import { isHttpError } from '../../lib/http';
import { useForgotPasswordMutation } from './api/forgot-password';
import { t } from '@lingui/core/macro';

/** /forgot-password: asks for the username and e-mails a reset link. */
export default function ForgotPasswordPage() {
  const toasts = useToasts();
  const mutation = useForgotPasswordMutation();
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { username: '' } });

  async function onValid(input: ForgotPasswordInput) {
    setSent(false);
    try {
      await mutation.mutateAsync(input);
      setSent(true);
      toasts.success(authMessages.resetLinkSentToast);
    } catch (error) {
      // The toast (server message or "Échec de l'envoi du lien") comes from the query client.
      const hasFieldErrors = isHttpError(error) && Object.keys(error.errors).length > 0;
      if (hasFieldErrors) {
        const unplaced = applyServerErrors(setError, error.errors, ['username']);
        if (unplaced[0]) setError('root', { message: unplaced[0] });
      } else {
        setError('root', { message: authMessages.resetLinkFailed });
      }
    }
  }

  return (
    <PublicFrame
      title={t`Mot de passe oublié`}
      intro={t`Indiquez votre nom d'utilisateur : nous enverrons un lien de réinitialisation à l'adresse email de votre compte.`}
      footer={
        <Link to="/login" className={textLinkClasses}>
          {t`Retour à la connexion`}
        </Link>
      }
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
        {sent && <Alert type="success">{authMessages.resetLinkSent}</Alert>}
        {errors.root?.message && <Alert type="danger">{errors.root.message}</Alert>}
        <TextField
          label={t`Nom d'utilisateur`}
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <Button type="submit" className="w-full" loading={mutation.isPending} loadingText={t`Envoi...`}>
          {t`Envoyer le lien`}
        </Button>
      </form>
    </PublicFrame>
  );
}

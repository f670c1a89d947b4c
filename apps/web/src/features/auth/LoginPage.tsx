import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { authMessages, loginInputSchema, type LoginInput } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PublicFrame } from '../../components/PublicFrame';
import { TextField } from '../../components/TextField';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { applyServerErrors } from '../../lib/form';
import { errorMessage, isHttpError } from '../../lib/http';
import { DEFAULT_ERROR_FALLBACK } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-context';
import { useLoginMutation } from './api/login';

/**
 * /login. On success the token is kept and the guest guard sends the person on (to the page they
 * were going to, to / or to /first-update-password); this page does not navigate itself.
 */
export default function LoginPage() {
  const session = useSessionStore();
  const toasts = useToasts();
  const loginMutation = useLoginMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodResolver(loginInputSchema), defaultValues: { username: '', password: '' } });

  async function onValid(input: LoginInput) {
    try {
      const answer = await loginMutation.mutateAsync(input);
      if (!session.signIn(answer.access_token)) {
        setError('root', { message: DEFAULT_ERROR_FALLBACK });
        return;
      }
      toasts.success(authMessages.loginSuccess);
    } catch (error) {
      if (isHttpError(error) && error.status === 401) {
        setError('root', { message: authMessages.invalidCredentials });
        return;
      }
      const unplaced = isHttpError(error)
        ? applyServerErrors(setError, error.errors, ['username', 'password'])
        : [];
      setError('root', { message: unplaced[0] ?? errorMessage(error, DEFAULT_ERROR_FALLBACK) });
    }
  }

  return (
    <PublicFrame
      title="Bienvenue sur Lajan"
      intro="Le paiement mobile simple et sûr, au plus près de chez vous."
      footer={
        <>
          Pas encore client ?{' '}
          <Link to="/register" className={textLinkClasses}>
            Ouvrir un compte
          </Link>
        </>
      }
    >
      <form noValidate onSubmit={(e) => void handleSubmit(onValid)(e)} className="space-y-4">
        {errors.root?.message && <Alert type="danger">{errors.root.message}</Alert>}
        <TextField
          label="Nom d'utilisateur"
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label="Mot de passe"
          type="password"
          required
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`text-sm ${textLinkClasses}`}>
            Mot de passe oublié ?
          </Link>
        </div>
        <Button type="submit" className="w-full" loading={loginMutation.isPending} loadingText="Connexion...">
          Se connecter
        </Button>
      </form>
    </PublicFrame>
  );
}

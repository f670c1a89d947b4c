import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { authMessages, checkLoginInput, signInPageTexts, type LoginInput } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { PublicFrame } from '../../components/PublicFrame';
import { TextField } from '../../components/TextField';
import { textLinkClasses } from '../../components/text-link';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage, firstFieldErrors, isHttpError } from '../../lib/http';
import { defaultErrorFallback } from '../../lib/query-client';
import { keyboardFirst } from '../../lib/keyboard-first';
import { useSessionStore } from '../../lib/session-context';
import { useLoginMutation } from './api/login';
import { secondStepOf, type SecondStepPurpose } from './api/login-mfa';
import { SecondStep } from './SecondStep';
import { t } from '@lingui/core/macro';

type FieldErrors = Partial<Record<keyof LoginInput, string>>;
const FIELDS: readonly (keyof LoginInput)[] = ['username', 'password'];

/**
 * /login; the guest guard sends the person on (decision 020). Two fields checked by the domain's
 * `checkLoginInput`, without react-hook-form or zod: the first page a teller loads, often over a slow link
 * (decision 145).
 */
export default function LoginPage() {
  const session = useSessionStore();
  const toasts = useToasts();
  const loginMutation = useLoginMutation();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [rootError, setRootError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  // A right password of a user with a second factor: its code comes next (decision 203).
  const [secondStep, setSecondStep] = useState<{ purpose: SecondStepPurpose; challenge: string } | null>(
    null,
  );
  const inputs = useRef<Partial<Record<keyof LoginInput, HTMLInputElement | null>>>({});
  // At a counter's computer the username is typed at once; a phone's keyboard waits for a tap.
  useEffect(() => {
    if (keyboardFirst()) inputs.current.username?.focus();
  }, []);

  function change(field: keyof LoginInput, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (!submitted) return;
    const check = checkLoginInput(next);
    setErrors((current) => ({ ...current, [field]: check.ok ? undefined : check.errors[field] }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loginMutation.isPending) return;
    setSubmitted(true);
    setRootError(null);
    const check = checkLoginInput(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = FIELDS.find((field) => check.errors[field]);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await loginMutation.mutateAsync(check.input);
      if (!session.signIn(answer.access_token)) {
        setRootError(defaultErrorFallback());
        return;
      }
      toasts.success(authMessages.loginSuccess);
    } catch (error) {
      const next = isHttpError(error) && error.status === 401 ? secondStepOf(error.body) : null;
      if (next) {
        setSecondStep(next);
        return;
      }
      if (isHttpError(error) && error.status === 401) {
        setRootError(authMessages.invalidCredentials);
        return;
      }
      const placed: FieldErrors = {};
      const unplaced: string[] = [];
      if (isHttpError(error)) {
        for (const [field, message] of Object.entries(firstFieldErrors(error.errors))) {
          const known = FIELDS.find((name) => name === field);
          if (known) placed[known] = message;
          else unplaced.push(message);
        }
      }
      setErrors(placed);
      setRootError(unplaced[0] ?? errorMessage(error, defaultErrorFallback()));
    }
  }

  return (
    <PublicFrame
      title={t`Bienvenue sur Lajan`}
      intro={t`Le paiement mobile simple et sûr, au plus près de chez vous.`}
      footer={
        // The sign-in is the staff's; a customer, who has none, is invited to ask for an account (decision 213).
        <>
          <p>{signInPageTexts.staffOnly}</p>
          <p className="mt-1">
            {signInPageTexts.newCustomer}{' '}
            <Link to="/register" className={textLinkClasses}>
              {signInPageTexts.askForAccount}
            </Link>
          </p>
        </>
      }
    >
      {secondStep ? (
        <SecondStep
          purpose={secondStep.purpose}
          challenge={secondStep.challenge}
          onRestart={(message) => {
            setSecondStep(null);
            setValues((current) => ({ ...current, password: '' }));
            setRootError(message || null);
          }}
        />
      ) : (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
          {rootError && <Alert type="danger">{rootError}</Alert>}
          <TextField
            label={t`Nom d'utilisateur`}
            required
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            name="username"
            value={values.username}
            onChange={(event) => change('username', event.target.value)}
            ref={(input) => {
              inputs.current.username = input;
            }}
            error={errors.username}
          />
          <TextField
            label={t`Mot de passe`}
            type="password"
            required
            autoComplete="current-password"
            name="password"
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            ref={(input) => {
              inputs.current.password = input;
            }}
            error={errors.password}
          />
          <div className="flex justify-end">
            <Link to="/forgot-password" className={`text-sm ${textLinkClasses}`}>
              {t`Mot de passe oublié ?`}
            </Link>
          </div>
          <Button
            type="submit"
            className="w-full"
            loading={loginMutation.isPending}
            loadingText={t`Connexion...`}
          >
            {t`Se connecter`}
          </Button>
        </form>
      )}
    </PublicFrame>
  );
}

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { authMessages, mfaMessages, mfaTexts } from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EnrolmentQr, RecoveryCodesList } from '../../components/mfa/EnrolmentQr';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage, firstFieldErrors, isHttpError } from '../../lib/http';
import { useHttp } from '../../lib/http-context';
import { defaultErrorFallback } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-context';
import {
  confirmEnrolmentAtSignIn,
  loginWithCode,
  startEnrolmentAtSignIn,
  type SecondStepPurpose,
} from './api/login-mfa';

/**
 * The sign-in's second step after a right password: the authenticator's or a recovery code, or, under
 * `MFA_REQUIRED=1`, the enrolment (decision 203). An expired step (401) sends back to the password.
 */
export function SecondStep({
  purpose,
  challenge,
  onRestart,
}: {
  purpose: SecondStepPurpose;
  challenge: string;
  onRestart: (message: string) => void;
}) {
  const http = useHttp();
  const session = useSessionStore();
  const toasts = useToasts();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [rootError, setRootError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [enrolment, setEnrolment] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [finished, setFinished] = useState<{ token: string; recoveryCodes: string[] } | null>(null);
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => {
    if (purpose !== 'enrol') {
      input.current?.focus();
      return;
    }
    let live = true;
    startEnrolmentAtSignIn(http, challenge).then(
      (started) => live && setEnrolment(started),
      (error: unknown) => live && fail(error),
    );
    return () => {
      live = false;
    };
    // The enrolment starts once per challenge.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge, purpose]);

  function fail(error: unknown) {
    if (isHttpError(error) && error.status === 401) {
      onRestart(errorMessage(error, mfaMessages.challengeExpired));
      return;
    }
    const fields = isHttpError(error) ? firstFieldErrors(error.errors) : {};
    if (fields.code) {
      setFieldError(fields.code);
      input.current?.focus();
      return;
    }
    setRootError(errorMessage(error, defaultErrorFallback()));
  }

  function openSession(token: string) {
    if (!session.signIn(token)) {
      setRootError(defaultErrorFallback());
      return;
    }
    toasts.success(authMessages.loginSuccess);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setRootError(null);
    if (!code.trim()) {
      setFieldError(mfaMessages.codeRequired);
      input.current?.focus();
      return;
    }
    setFieldError(undefined);
    setPending(true);
    try {
      if (purpose === 'code') {
        openSession((await loginWithCode(http, { challenge, code: code.trim() })).access_token);
      } else {
        setFinished(await confirmEnrolmentAtSignIn(http, { challenge, code: code.trim() }));
      }
    } catch (error) {
      fail(error);
    } finally {
      setPending(false);
    }
  }

  if (finished) {
    return (
      <div className="space-y-4">
        <Alert type="success">{mfaMessages.enrolled}</Alert>
        <RecoveryCodesList codes={finished.recoveryCodes} />
        <Button className="w-full" onClick={() => openSession(finished.token)}>
          {mfaTexts.recoveryCodesNoted}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {rootError && <Alert type="danger">{rootError}</Alert>}
      {purpose === 'enrol' ? (
        <>
          <Alert type="info">{mfaMessages.enrolmentRequired}</Alert>
          {enrolment ? (
            <EnrolmentQr qrSvg={enrolment.qrSvg} secret={enrolment.secret} />
          ) : (
            !rootError && <p className="text-sm text-slate-600">{mfaTexts.preparingQr}</p>
          )}
        </>
      ) : (
        <p className="text-sm text-slate-700">{mfaMessages.required}</p>
      )}
      <TextField
        label={mfaTexts.codeLabel}
        required
        name="code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        hint={purpose === 'code' ? mfaTexts.codeHint : undefined}
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          if (fieldError) setFieldError(undefined);
        }}
        ref={(element) => {
          input.current = element;
        }}
        error={fieldError}
      />
      <Button
        type="submit"
        className="w-full"
        loading={pending}
        loadingText={mfaTexts.verifying}
        disabled={purpose === 'enrol' && !enrolment}
      >
        {purpose === 'code' ? mfaTexts.submitCode : mfaTexts.enableAndSignIn}
      </Button>
      <Button variant="secondary" className="w-full" onClick={() => onRestart('')} disabled={pending}>
        {mfaTexts.back}
      </Button>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import {
  mfaConfirmInputSchema,
  mfaDisableInputSchema,
  mfaMessages,
  mfaTexts,
  type MfaEnrolment,
} from '@lajan/domain';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/dialog/ConfirmDialog';
import { EnrolmentQr, RecoveryCodesList } from '../../components/mfa/EnrolmentQr';
import { PageLoading } from '../../components/PageLoading';
import { TextField } from '../../components/TextField';
import { useToasts } from '../../components/toasts/toast-context';
import { errorMessage, firstFieldErrors, isHttpError } from '../../lib/http';
import { defaultErrorFallback } from '../../lib/query-client';
import {
  useConfirmEnrolmentMutation,
  useDisableMutation,
  useMfaStatusQuery,
  useStartEnrolmentMutation,
} from './api/mfa';

/**
 * /security, "Sécurité du compte": an administrator's or a super administrator's second factor
 * (decision 203). Enrol with the QR code and a first code, see the recovery codes once, disable with the
 * password and a code (confirmed first).
 */
export default function SecurityPage() {
  const status = useMfaStatusQuery();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = (
      <div className="space-y-4">
        <Alert type="success">{mfaMessages.enrolled}</Alert>
        <RecoveryCodesList codes={recoveryCodes} />
        <Button onClick={() => setRecoveryCodes(null)}>{mfaTexts.recoveryCodesNoted}</Button>
      </div>
    );
  } else if (status.isPending) {
    body = <PageLoading label={mfaTexts.loading} />;
  } else if (status.isError) {
    body = (
      <Alert type="danger" title={mfaTexts.loadFailed}>
        <p>{errorMessage(status.error, defaultErrorFallback())}</p>
        <Button variant="secondary" className="mt-2" onClick={() => void status.refetch()}>
          {mfaTexts.retry}
        </Button>
      </Alert>
    );
  } else if (status.data.enrolled) {
    body = <Enrolled required={status.data.required} left={status.data.recovery_codes_left} />;
  } else {
    body = <Enrol onDone={setRecoveryCodes} />;
  }

  return (
    <div className="max-w-lg space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">{mfaTexts.title}</h1>
      <p className="text-sm text-slate-600">{mfaTexts.intro}</p>
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">{body}</div>
    </div>
  );
}

function Enrol({ onDone }: { onDone: (codes: string[]) => void }) {
  const start = useStartEnrolmentMutation();
  const confirm = useConfirmEnrolmentMutation();
  const [enrolment, setEnrolment] = useState<MfaEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [rootError, setRootError] = useState<string | null>(null);

  async function begin() {
    setRootError(null);
    try {
      setEnrolment(await start.mutateAsync());
    } catch (error) {
      setRootError(errorMessage(error, defaultErrorFallback()));
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirm.isPending) return;
    setRootError(null);
    const parsed = mfaConfirmInputSchema.safeParse({ code });
    setFieldError(parsed.error?.issues[0]?.message);
    if (!parsed.success) return;
    try {
      onDone((await confirm.mutateAsync(parsed.data.code)).recovery_codes);
    } catch (error) {
      const fields = isHttpError(error) ? firstFieldErrors(error.errors) : {};
      if (fields.code) setFieldError(fields.code);
      else setRootError(errorMessage(error, defaultErrorFallback()));
    }
  }

  if (!enrolment) {
    return (
      <div className="space-y-4">
        {rootError && <Alert type="danger">{rootError}</Alert>}
        <p className="text-slate-700">{mfaTexts.notEnrolledYet}</p>
        <Button onClick={() => void begin()} loading={start.isPending} loadingText={mfaTexts.preparing}>
          {mfaTexts.enable}
        </Button>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
      {rootError && <Alert type="danger">{rootError}</Alert>}
      <EnrolmentQr qrSvg={enrolment.qr_svg} secret={enrolment.secret} />
      <TextField
        label={mfaTexts.codeLabel}
        required
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
      />
      <Button type="submit" loading={confirm.isPending} loadingText={mfaTexts.verifying}>
        {mfaTexts.confirm}
      </Button>
    </form>
  );
}

function Enrolled({ required, left }: { required: boolean; left: number }) {
  const toasts = useToasts();
  const disable = useDisableMutation();
  const [asking, setAsking] = useState(false);
  const [values, setValues] = useState({ password: '', code: '' });
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const [rootError, setRootError] = useState<string | null>(null);

  async function confirmDisable() {
    setRootError(null);
    const parsed = mfaDisableInputSchema.safeParse(values);
    const found: { password?: string; code?: string } = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'password' || field === 'code') found[field] ??= issue.message;
    }
    setErrors(found);
    if (!parsed.success) return;
    try {
      await disable.mutateAsync(parsed.data);
      setAsking(false);
      toasts.success(mfaMessages.disabled);
    } catch (error) {
      const fields = isHttpError(error) ? firstFieldErrors(error.errors) : {};
      setErrors({ password: fields.password, code: fields.code });
      if (!fields.password && !fields.code) setRootError(errorMessage(error, defaultErrorFallback()));
    }
  }

  return (
    <div className="space-y-4">
      <Alert type="success">{mfaTexts.enrolledStatus}</Alert>
      <p className="text-sm text-slate-700">
        {mfaTexts.recoveryCodesLeft} <strong>{left}</strong>
      </p>
      {required ? (
        <p className="text-sm text-slate-700">{mfaMessages.cannotDisableRequired}</p>
      ) : (
        <Button variant="danger" onClick={() => setAsking(true)}>
          {mfaTexts.disableButton}
        </Button>
      )}
      {asking && (
        <ConfirmDialog
          title={mfaTexts.disableTitle}
          confirmLabel={mfaTexts.disableConfirm}
          pendingLabel={mfaTexts.disablePending}
          variant="danger"
          pending={disable.isPending}
          onCancel={() => {
            setAsking(false);
            setErrors({});
            setRootError(null);
          }}
          onConfirm={() => void confirmDisable()}
        >
          <div className="space-y-3">
            <p>{mfaTexts.disableWarning}</p>
            {rootError && <Alert type="danger">{rootError}</Alert>}
            <TextField
              label={mfaTexts.currentPassword}
              type="password"
              autoComplete="current-password"
              required
              value={values.password}
              onChange={(event) => setValues({ ...values, password: event.target.value })}
              error={errors.password}
            />
            <TextField
              label={mfaTexts.codeLabel}
              required
              autoComplete="one-time-code"
              value={values.code}
              onChange={(event) => setValues({ ...values, code: event.target.value })}
              error={errors.code}
            />
          </div>
        </ConfirmDialog>
      )}
    </div>
  );
}

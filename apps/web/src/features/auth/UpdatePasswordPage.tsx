import { t } from '@lingui/core/macro';
import { UpdatePasswordForm } from './UpdatePasswordForm';

/** /update-password, inside the shell: any signed-in person changes its password. */
export default function UpdatePasswordPage() {
  return (
    <div className="max-w-lg">
      <h1 className="text-2xl font-semibold text-slate-900">{t`Changer le mot de passe`}</h1>
      <p className="mt-2 text-sm text-slate-600">
        {t`Après le changement, vous serez déconnecté et devrez vous reconnecter avec le nouveau mot de passe.`}
      </p>
      <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <UpdatePasswordForm />
      </div>
    </div>
  );
}

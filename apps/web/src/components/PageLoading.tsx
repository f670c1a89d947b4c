import { t } from '@lingui/core/macro';
/** Shown while a screen's code or the session loads (a slow network is the rule at the counter). */
export function PageLoading({ label = t`Chargement...` }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-40 items-center justify-center gap-3 p-8 text-slate-600">
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-blue-800 border-t-transparent"
      />
      <span className="text-sm">{label}</span>
    </div>
  );
}

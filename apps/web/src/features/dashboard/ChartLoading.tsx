import { t } from '@lingui/core/macro';
/**
 * The charts' place while their code or data comes, as tall as the `count` charts that replace it, so nothing
 * under it moves when they come (decision 160).
 */
export function ChartLoading({ inline = false, count = 1 }: { inline?: boolean; count?: number }) {
  return (
    <div className={`${inline ? '' : 'mt-4 '}grid gap-6 ${count > 1 ? 'lg:grid-cols-2' : ''}`}>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="min-w-0 space-y-2" aria-hidden={index > 0 || undefined}>
          <div aria-hidden="true" className="invisible flex flex-wrap items-baseline justify-between gap-x-3">
            <span className="font-medium">&nbsp;</span>
            <span className="text-xl font-semibold">&nbsp;</span>
          </div>
          {index === 0 ? (
            <p
              role="status"
              className="flex h-40 items-center justify-center rounded-md bg-slate-50 text-sm text-slate-600"
            >
              {t`Chargement du graphique...`}
            </p>
          ) : (
            <div className="h-40 rounded-md bg-slate-50" />
          )}
          <div aria-hidden="true" className="invisible flex justify-between gap-2 text-xs">
            &nbsp;
          </div>
        </div>
      ))}
    </div>
  );
}

import { t } from '@lingui/core/macro';
import { Button } from '../../components/Button';

/** The top of a person form's page: "Retour" (one page back) and the page's title. */
export function PersonPageHeader({ title, onBack }: { title: string; onBack: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={onBack}>
        <span aria-hidden="true">←</span> {t`Retour`}
      </Button>
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
    </div>
  );
}

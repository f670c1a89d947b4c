import { Link, useMatches } from 'react-router';
import { textLinkClasses } from '../../components/text-link';

interface TitledHandle {
  title?: string;
}

/** The screens of later issues: reachable, guarded, titled, and honest about not being there yet. */
export default function ComingSoonPage() {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as TitledHandle | undefined;
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-semibold text-slate-900">{handle?.title ?? 'Lajan'}</h1>
      <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        <p className="font-medium">Cet écran arrive bientôt.</p>
        <p className="mt-2 text-sm">
          En attendant, retournez au{' '}
          <Link to="/" className={textLinkClasses}>
            Tableau de Bord
          </Link>
          .
        </p>
      </div>
    </section>
  );
}

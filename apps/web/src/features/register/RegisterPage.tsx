import { Link } from 'react-router';
import { PublicFrame } from '../../components/PublicFrame';
import { buttonClasses } from '../../components/Button';

/** /register: the public account-request wizard comes with issue 3. */
export default function RegisterPage() {
  return (
    <PublicFrame title="Ouvrir un compte" intro="Demandez l'ouverture d'un compte Lajan en quelques étapes.">
      <p className="rounded-md border border-dashed border-slate-300 p-4 text-slate-700">Cet écran arrive bientôt.</p>
      <Link to="/login" className={buttonClasses('secondary', 'mt-6 w-full')}>
        Connexion
      </Link>
    </PublicFrame>
  );
}

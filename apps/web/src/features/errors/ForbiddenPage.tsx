import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/Button';
import { ErrorFrame } from './ErrorFrame';
import { useGoBack } from '../../lib/use-go-back';

export default function ForbiddenPage() {
  const goBack = useGoBack();
  return (
    <ErrorFrame
      code="403"
      title="Accès interdit"
      actions={
        <>
          <Link to="/" className={buttonClasses('primary')}>
            Accueil
          </Link>
          <Button variant="secondary" onClick={goBack}>
            Retour
          </Button>
        </>
      }
    >
      <p>Vous n&apos;avez pas la permission d&apos;ouvrir cette page.</p>
    </ErrorFrame>
  );
}

import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/Button';
import { ErrorFrame } from './ErrorFrame';
import { useGoBack } from '../../lib/use-go-back';

export default function NotFoundPage() {
  const goBack = useGoBack();
  return (
    <ErrorFrame
      code="404"
      title="Page non trouvée"
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
      <p>La page demandée n&apos;existe pas ou a été déplacée.</p>
    </ErrorFrame>
  );
}

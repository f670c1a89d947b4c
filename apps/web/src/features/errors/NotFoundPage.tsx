import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/Button';
import { ErrorFrame } from './ErrorFrame';
import { useGoBack } from '../../lib/use-go-back';
import { t } from '@lingui/core/macro';

export default function NotFoundPage() {
  const goBack = useGoBack();
  return (
    <ErrorFrame
      code="404"
      title={t`Page non trouvée`}
      actions={
        <>
          <Link to="/" className={buttonClasses('primary')}>
            {t`Accueil`}
          </Link>
          <Button variant="secondary" onClick={goBack}>
            {t`Retour`}
          </Button>
        </>
      }
    >
      <p>{t`La page demandée n'existe pas ou a été déplacée.`}</p>
    </ErrorFrame>
  );
}

import { Link } from 'react-router';
import { Button, buttonClasses } from '../../components/Button';
import { ErrorFrame } from './ErrorFrame';
import { useGoBack } from '../../lib/use-go-back';
import { t } from '@lingui/core/macro';

export default function ForbiddenPage() {
  const goBack = useGoBack();
  return (
    <ErrorFrame
      code="403"
      title={t`Accès interdit`}
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
      <p>{t`Vous n'avez pas la permission d'ouvrir cette page.`}</p>
    </ErrorFrame>
  );
}

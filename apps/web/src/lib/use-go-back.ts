import { useLocation, useNavigate } from 'react-router';

/** "Retour": the previous page of the app, or the home page when the app was opened here. */
export function useGoBack() {
  const navigate = useNavigate();
  const location = useLocation();
  return () => {
    if (location.key === 'default') void navigate('/', { replace: true });
    else void navigate(-1);
  };
}

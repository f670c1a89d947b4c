import { t } from '@lingui/core/macro';
import { useHttp } from '../lib/http-context';
import { LanguagePicker } from './LanguagePicker';
import { useToasts } from './toasts/toast-context';

/** The signed-in user's language: her screens and the API's answers to her (decision 237). */
export function UserLanguagePicker() {
  const http = useHttp();
  const toasts = useToasts();
  async function keep(language: string) {
    try {
      await http.put('/auth/user/language', { language });
    } catch (error) {
      toasts.error(t`La langue n'a pas pu être enregistrée. Réessayez.`);
      throw error;
    }
  }
  return <LanguagePicker onChosen={keep} />;
}

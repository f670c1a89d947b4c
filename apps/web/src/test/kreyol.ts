import { afterEach, beforeEach } from 'vitest';
import { ensureArea, setScreenLanguage } from '../i18n/i18n';

/** The screens in Kreyòl, with the app's texts loaded (decision 236). */
export async function speakKreyol(): Promise<void> {
  await setScreenLanguage('ht');
  await ensureArea('app');
}

/** Each test of the enclosing `describe` in Kreyòl, and French again after it. */
export function speakKreyolInEach(): void {
  beforeEach(speakKreyol);
  afterEach(() => setScreenLanguage('fr'));
}

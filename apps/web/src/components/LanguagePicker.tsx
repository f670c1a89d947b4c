import { useState, useSyncExternalStore } from 'react';
import { chooseLanguage, currentLanguage, subscribeLanguage, type ScreenLanguage } from '../i18n/i18n';

/** Each language named in itself, as a reader of the other one looks for it (decision 236). */
const choices: readonly { language: ScreenLanguage; name: string }[] = [
  { language: 'fr', name: 'Français' },
  { language: 'ht', name: 'Kreyòl' },
];

interface LanguagePickerProps {
  /** Keeps the choice with the signed-in user's profile; absent on the pages before sign-in. */
  onChosen?: (language: ScreenLanguage) => Promise<unknown>;
}

/** The two languages side by side; the one shown is pressed. */
export function LanguagePicker({ onChosen }: LanguagePickerProps) {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage);
  const [pending, setPending] = useState<ScreenLanguage | null>(null);
  async function choose(next: ScreenLanguage) {
    if (next === language || pending) return;
    setPending(next);
    try {
      await onChosen?.(next);
      await chooseLanguage(next, { signedIn: onChosen !== undefined });
    } catch {
      // Said by `onChosen`'s owner; the screens stay in the language they were in.
    } finally {
      setPending(null);
    }
  }
  return (
    <div role="group" aria-label="Langue / Lang" className="flex justify-center gap-1 text-sm">
      {choices.map((choice) => (
        <button
          key={choice.language}
          type="button"
          lang={choice.language}
          aria-pressed={language === choice.language}
          aria-busy={pending === choice.language}
          onClick={() => void choose(choice.language)}
          className="rounded-md px-3 py-2 text-blue-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 aria-pressed:bg-blue-900 aria-pressed:text-white aria-pressed:no-underline"
        >
          {choice.name}
        </button>
      ))}
    </div>
  );
}

import { t } from '@lingui/core/macro';
import type { FormEvent, ReactNode } from 'react';

/**
 * A step in which Enter presses Suivant, as in any form, since the wizard is no form (decision 030). Never
 * Enregistrer: a money confirmation is a deliberate press. Not for steps holding a search form (forms cannot
 * nest).
 */
export function StepForm({ children, label }: { children: ReactNode; label?: string }) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const wizard = form.closest('section');
    // The wizard's « Suivant », in the screen's language (the same catalogue text as the wizard's).
    const nextLabel = t`Suivant`;
    const next = Array.from(wizard?.querySelectorAll('button') ?? []).find(
      (button) => !form.contains(button) && button.textContent?.trim() === nextLabel && !button.disabled,
    );
    next?.click();
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label}>
      {children}
      {/* Implicit submission needs a submit button; this one is out of sight and out of the tab order. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
    </form>
  );
}

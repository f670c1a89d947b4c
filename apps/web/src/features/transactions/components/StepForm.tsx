import type { FormEvent, ReactNode } from 'react';

/**
 * A step of fields in which Enter moves on, as in any form: the generic wizard is not a form (decision
 * 030), so Enter presses its Suivant button, which validates the step and moves the focus to the next
 * one. Never Enregistrer: a money confirmation is always a deliberate press. Not for steps that hold a
 * search form of their own (forms cannot nest).
 */
export function StepForm({ children, label }: { children: ReactNode; label?: string }) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const wizard = form.closest('section');
    const next = Array.from(wizard?.querySelectorAll('button') ?? []).find(
      (button) => !form.contains(button) && button.textContent?.trim() === 'Suivant' && !button.disabled,
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

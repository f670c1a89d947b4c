import type { ComponentProps, FormEvent } from 'react';
import { Button } from './Button';
import { TextField } from './TextField';
import { t } from '@lingui/core/macro';

/**
 * A search run by Enter or « Rechercher », its label above the field because a placeholder is cut on a 360 px
 * screen; the field's own props pass through (decision 132).
 */
export function SearchForm({
  label,
  onSearch,
  pending = false,
  required = true,
  formClassName = '',
  ...field
}: {
  label: string;
  onSearch: () => void;
  pending?: boolean;
  /** The form's place in its row (its width), beside its own layout. */
  formClassName?: string;
} & Omit<ComponentProps<typeof TextField>, 'label' | 'onSubmit'>) {
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A search inside a dialog (a portal): its submit would also reach a form around the dialog's trigger.
    event.stopPropagation();
    onSearch();
  }
  return (
    // The button beside the field itself, not its hint or its error below it: level with the field, under the
    // label's line (text-sm, 1.25rem, and the field's mt-1).
    <form
      noValidate
      onSubmit={onSubmit}
      role="search"
      aria-label={label}
      className={`flex items-start gap-2 ${formClassName}`}
    >
      <TextField
        label={label}
        required={required}
        className="min-w-0 flex-1"
        autoComplete="off"
        enterKeyHint="search"
        {...field}
      />
      <Button
        type="submit"
        variant="secondary"
        loading={pending}
        loadingText={t`Recherche...`}
        className="mt-6 shrink-0"
      >
        {t`Rechercher`}
      </Button>
    </form>
  );
}

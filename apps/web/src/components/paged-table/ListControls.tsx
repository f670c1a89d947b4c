import { useId, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../Button';

/** The inputs of a list's filters (search box, selects). */
export const listFilterClasses =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base shadow-sm focus:outline-2 focus:outline-blue-700 sm:text-sm';

/** A list's heading, with the button-like link that creates one more where the person may. */
export function ListHeader({
  title,
  createLink,
}: {
  title: string;
  createLink?: { label: string; to: string };
}) {
  return (
    <header className="flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {createLink && (
        <Link to={createLink.to} className={buttonClasses('primary')}>
          {createLink.label}
        </Link>
      )}
    </header>
  );
}

interface ListSearchFormProps {
  label: string;
  placeholder: string;
  /** The search applied now, shown in the box (give the form `key={value}` to reset it when it changes). */
  value: string;
  /** The term typed, trimmed, on "Rechercher" or Enter. */
  onSearch: (term: string) => void;
  className: string;
  /** The box's wrapper (its width in the form's row). */
  fieldClassName: string;
}

/** A list's search: a search box and "Rechercher", applied on submit only. */
export function ListSearchForm({
  label,
  placeholder,
  value,
  onSearch,
  className,
  fieldClassName,
}: ListSearchFormProps) {
  const searchId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = new FormData(event.currentTarget).get('q');
    onSearch(typeof term === 'string' ? term.trim() : '');
  }

  return (
    <form role="search" onSubmit={submit} className={className}>
      <div className={fieldClassName}>
        <label htmlFor={searchId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <input
          id={searchId}
          type="search"
          name="q"
          defaultValue={value}
          placeholder={placeholder}
          className={listFilterClasses}
        />
      </div>
      <Button type="submit" variant="secondary">
        Rechercher
      </Button>
    </form>
  );
}

import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../Button';
import { SearchForm } from '../SearchForm';

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
  /** The form's place in its row (its width). */
  className: string;
}

/** A list's search (the users and the agents): the one search form, applied on submit only. */
export function ListSearchForm({ label, placeholder, value, onSearch, className }: ListSearchFormProps) {
  const [term, setTerm] = useState(value);
  return (
    <SearchForm
      label={label}
      required={false}
      type="search"
      name="q"
      placeholder={placeholder}
      value={term}
      onChange={(event) => setTerm(event.target.value)}
      onSearch={() => onSearch(term.trim())}
      formClassName={className}
    />
  );
}

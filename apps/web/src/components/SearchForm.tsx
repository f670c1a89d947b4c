import { useId, type FormEvent, type Ref } from 'react';
import { Button } from './Button';

interface SearchFormProps {
  /** What may be typed, shown above the field (a placeholder is cut on a 360 px screen). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A refusal of the term, said under the field and read with it. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
}

/** A search run by Enter or "Rechercher": the persons list, the person and account search. */
export function SearchForm({ label, value, onChange, onSubmit, error, inputRef }: SearchFormProps) {
  const inputId = useId();
  const errorId = useId();
  return (
    <form role="search" noValidate onSubmit={onSubmit}>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`block min-h-11 w-full min-w-0 flex-1 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ${
            error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
          }`}
        />
        <Button type="submit" className="shrink-0">
          Rechercher
        </Button>
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

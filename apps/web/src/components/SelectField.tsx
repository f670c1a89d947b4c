import { useId, type Ref, type SelectHTMLAttributes } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'> {
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ("Choisir..."); none when unset. */
  placeholder?: string;
  required?: boolean;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled select, with the asterisk beside the label and the error under it, like `TextField`. */
export function SelectField({ label, options, placeholder, required, error, id, className = '', ref, ...select }: SelectFieldProps) {
  const generated = useId();
  const selectId = id ?? generated;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={selectId}>{label}</label>
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      <select
        id={selectId}
        ref={ref}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-offset-0 sm:text-sm ${
          error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
        }`}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

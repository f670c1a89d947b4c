import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> {
  label: string;
  /** Puts the asterisk on the label and tells assistive technology; the schema does the check. */
  required?: boolean;
  error?: string;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input with its error underneath, tied by `aria-describedby`. The asterisk is hidden from
 * screen readers, which hear "obligatoire" through `aria-required` instead.
 */
export function TextField({ label, required, error, hint, id, className = '', ref, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <div className="flex items-baseline gap-0.5 text-sm font-medium text-slate-800">
        <label htmlFor={inputId}>{label}</label>
        {/* Beside the label, not inside it: the label's text stays exactly the field's name. */}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            *
          </span>
        )}
      </div>
      <input
        id={inputId}
        ref={ref}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block min-h-11 w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 sm:text-sm ${
          error ? 'border-red-500 focus:outline-red-600' : 'border-slate-300 focus:outline-blue-700'
        }`}
        {...input}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
